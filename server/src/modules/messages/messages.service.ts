import type {
  MessageListInput,
  MessageSettingsView,
  MessageView,
  Paged,
  RestockStateView,
  TelegramBindCodeView,
  z,
  messagePrefInput,
  telegramSettingInput,
} from '@kapu/contract';
import { writeAudit } from '../../core/calls.js';
import type { ActorContext, RequestContext } from '../../core/context.js';
import { businessError } from '../../core/errors.js';
import type { EventType } from '../../core/events.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { maskEmail, memberNotifyProfile } from '../accounts/index.js';
import { findGoodsOfShop } from '../catalog/index.js';
import { availableCardCounts } from '../stock/index.js';
import { readSmtp, type SecretBox } from '../verification/index.js';
import { deleteMessages, latestMessages, listMessages, markAllRead, markMessages, unreadCount } from './inbox.js';
import { ProviderError, telegramGetMe } from './providers.js';
import { DEFAULT_TELEGRAM_API, TELEGRAM_SETTING, activeBot, newBindCode, readTelegram } from './telegram.js';
import { memberTopicList, memberTopics } from './topics.js';

/** At most this many goods a member waits for at once. */
export const RESTOCK_MAX = 50;
/** The bell's newest few. */
export const LATEST_COUNT = 5;

/** A member's messages, channel choices, Telegram binding and restock subscriptions; the admin's Telegram bot. */
export function messagesService(deps: Deps, box: SecretBox) {
  const { db, settings, config } = deps;
  const tz = config.timeZone;
  const me = (ctx: ActorContext) => ctx.actor.id;

  return {
    list: (ctx: ActorContext, input: MessageListInput): Promise<Paged<MessageView>> =>
      listMessages(db, me(ctx), input, tz),
    unread: async (ctx: ActorContext) => ({ unread: await unreadCount(db, me(ctx)) }),
    latest: async (ctx: ActorContext) => ({
      unread: await unreadCount(db, me(ctx)),
      list: await latestMessages(db, me(ctx), LATEST_COUNT, tz),
    }),
    mark: async (ctx: ActorContext, ids: number[], read: boolean) => ({
      unread: await markMessages(db, me(ctx), ids, read),
    }),
    markAll: async (ctx: ActorContext) => ({ changed: await markAllRead(db, me(ctx)), unread: 0 }),
    remove: async (ctx: ActorContext, ids: number[]) => ({ unread: await deleteMessages(db, me(ctx), ids) }),

    async settings(ctx: ActorContext): Promise<MessageSettingsView> {
      const userId = me(ctx);
      const [prefs, chat, profile] = await Promise.all([
        db.selectFrom('message_prefs').select(['topic', 'email', 'telegram']).where('user_id', '=', userId).execute(),
        db
          .selectFrom('message_chats')
          .select(['chat_name', 'bound_at'])
          .where('user_id', '=', userId)
          .executeTakeFirst(),
        memberNotifyProfile(db, userId),
      ]);
      const byTopic = new Map(prefs.map((p) => [p.topic, p]));
      const tg = readTelegram(settings);
      return {
        topics: memberTopicList().map((t) => ({
          ...t,
          email: Number(byTopic.get(t.topic)?.email ?? 0) === 1,
          telegram: Number(byTopic.get(t.topic)?.telegram ?? 1) === 1,
        })),
        email: { available: readSmtp(settings) !== null, address: profile?.email ? maskEmail(profile.email) : '' },
        telegram: {
          available: Boolean(tg?.enabled && tg.tokenEnc),
          botName: tg?.botName ?? '',
          bound: chat !== undefined,
          chatName: chat?.chat_name ?? '',
          boundAt: chat ? formatDateTime(Number(chat.bound_at), tz) : '',
        },
      };
    },

    async savePref(ctx: ActorContext, input: z.infer<typeof messagePrefInput>): Promise<void> {
      const userId = me(ctx);
      if (!(input.topic in memberTopics)) throw businessError('MESSAGE_TOPIC_UNKNOWN');
      if (input.on && input.channel === 'email') {
        if (!readSmtp(settings))
          throw businessError('MESSAGE_CHANNEL_UNAVAILABLE', '站点尚未配置邮件服务器，暂时不能开启邮件通知');
        if (!(await memberNotifyProfile(db, userId))?.email) throw businessError('MESSAGE_EMAIL_MISSING');
      }
      if (input.on && input.channel === 'telegram') {
        if (!activeBot(settings, box)) throw businessError('TELEGRAM_NOT_CONFIGURED');
        const chat = await db.selectFrom('message_chats').select('id').where('user_id', '=', userId).executeTakeFirst();
        if (!chat) throw businessError('MESSAGE_TELEGRAM_UNBOUND');
      }
      const flag = input.on ? 1 : 0;
      const now = Date.now();
      await db
        .insertInto('message_prefs')
        .values({
          user_id: userId,
          topic: input.topic as EventType,
          email: input.channel === 'email' ? flag : 0,
          telegram: input.channel === 'telegram' ? flag : 1,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['user_id', 'topic']).doUpdateSet({ [input.channel]: flag, updated_at: now }))
        .execute();
    },

    telegramCode: (ctx: ActorContext): Promise<TelegramBindCodeView> => newBindCode(db, settings, me(ctx), tz),

    async telegramUnbind(ctx: ActorContext): Promise<void> {
      await db.deleteFrom('message_chats').where('user_id', '=', me(ctx)).execute();
    },

    async restockState(ctx: ActorContext, goodsId: number): Promise<RestockStateView> {
      const row = await db
        .selectFrom('restock_subscriptions')
        .select('id')
        .where('user_id', '=', me(ctx))
        .where('goods_id', '=', goodsId)
        .executeTakeFirst();
      return { subscribed: row !== undefined };
    },

    /** 到货提醒: only for a goods that is sold out now (a goods in stock is bought, not waited for). */
    async subscribeRestock(ctx: ActorContext, goodsId: number): Promise<RestockStateView> {
      const userId = me(ctx);
      const goods = await findGoodsOfShop(db, goodsId).catch(() => null);
      if (!goods || goods.status !== 'on_sale') throw businessError('RESTOCK_GOODS_MISSING');
      const left =
        goods.type === 'card'
          ? goods.loop_card === 1
            ? 1
            : ((await availableCardCounts(db, [goodsId])).get(goodsId) ?? 0)
          : (goods.stock ?? -1);
      if (left !== 0) throw businessError('RESTOCK_NOT_SOLD_OUT');
      await db.transaction().execute(async (trx) => {
        const mine = await trx
          .selectFrom('restock_subscriptions')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        if (Number(mine.n) >= RESTOCK_MAX) throw businessError('RESTOCK_TOO_MANY');
        await trx
          .insertInto('restock_subscriptions')
          .values({ user_id: userId, goods_id: goodsId, created_at: Date.now() })
          .onConflict((oc) => oc.columns(['goods_id', 'user_id']).doNothing())
          .execute();
      });
      return { subscribed: true };
    },

    async unsubscribeRestock(ctx: ActorContext, goodsId: number): Promise<RestockStateView> {
      await db
        .deleteFrom('restock_subscriptions')
        .where('user_id', '=', me(ctx))
        .where('goods_id', '=', goodsId)
        .execute();
      return { subscribed: false };
    },

    /** Admin: the bot's token (checked with getMe, which also names the bot), API address and switch. */
    async saveTelegram(ctx: RequestContext, input: z.infer<typeof telegramSettingInput>): Promise<void> {
      const before = readTelegram(settings);
      const apiBase = (input.apiBase ?? before?.apiBase ?? DEFAULT_TELEGRAM_API).replace(/\/+$/, '');
      const tokenEnc = input.botToken ? box.seal(input.botToken) : (before?.tokenEnc ?? '');
      if (input.enabled && !tokenEnc) throw businessError('BAD_INPUT', '请填写机器人令牌', { field: 'botToken' });
      let botName = before?.botName ?? '';
      if (tokenEnc && (input.botToken || apiBase !== before?.apiBase || !botName)) {
        try {
          botName = (await telegramGetMe({ apiBase, token: box.open(tokenEnc) })).username;
        } catch (err) {
          if (err instanceof ProviderError && !err.retry) throw businessError('TELEGRAM_TOKEN_INVALID');
          throw businessError(
            'TELEGRAM_API_FAILED',
            `连接 Telegram 接口失败：${err instanceof Error ? err.message : ''}`,
          );
        }
      }
      const value = { enabled: input.enabled, tokenEnc, botName, apiBase };
      await db.transaction().execute(async (trx) => {
        await settings.set(TELEGRAM_SETTING, JSON.stringify(value), trx);
        await writeAudit(ctx, trx, {
          target: 'setting:telegram',
          before: before ? { enabled: before.enabled, botName: before.botName, apiBase: before.apiBase } : null,
          after: { enabled: value.enabled, botName, apiBase, tokenChanged: Boolean(input.botToken) },
        });
      });
    },
  };
}
export type MessagesService = ReturnType<typeof messagesService>;
