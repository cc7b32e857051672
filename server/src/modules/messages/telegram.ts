import type { TelegramBindCodeView, TelegramSettingView } from '@kapu/contract';
import { randomAlnum, sha256 } from '../../core/crypto.js';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import type { SettingsStore } from '../../core/settings.js';
import { formatDateTime } from '../../core/time.js';
import type { SecretBox } from '../verification/index.js';
import { ProviderError, telegramSend, telegramUpdates, type TelegramBot } from './providers.js';

/** The shop's Telegram bot: admin sets its token; members bind their chat with a one-time code. */
export const TELEGRAM_SETTING = 'messages.telegram';
/** The next getUpdates offset (one past the last update handled). */
export const TELEGRAM_OFFSET_SETTING = 'messages.telegramOffset';
export const DEFAULT_TELEGRAM_API = 'https://api.telegram.org';
/** How long a bind code may be sent to the bot. */
export const BIND_CODE_TTL_MS = 10 * 60_000;

export interface TelegramSetting {
  enabled: boolean;
  tokenEnc: string;
  botName: string;
  apiBase: string;
}

export function readTelegram(settings: SettingsStore): TelegramSetting | null {
  const raw = settings.get(TELEGRAM_SETTING);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as TelegramSetting;
  } catch {
    return null;
  }
}

/** The bot to talk to, when Telegram is switched on with a token. */
export function activeBot(settings: SettingsStore, box: SecretBox): (TelegramBot & { botName: string }) | null {
  const s = readTelegram(settings);
  if (!s?.enabled || !s.tokenEnc) return null;
  return { apiBase: s.apiBase || DEFAULT_TELEGRAM_API, token: box.open(s.tokenEnc), botName: s.botName };
}

export function telegramSettingView(settings: SettingsStore): TelegramSettingView {
  const s = readTelegram(settings);
  return {
    enabled: s?.enabled ?? false,
    hasToken: Boolean(s?.tokenEnc),
    botName: s?.botName ?? '',
    apiBase: s?.apiBase || DEFAULT_TELEGRAM_API,
  };
}

/** A fresh one-time code for a member (their older unused codes are dropped). */
export async function newBindCode(
  db: Db,
  settings: SettingsStore,
  userId: number,
  timeZone: string,
  now = Date.now(),
): Promise<TelegramBindCodeView> {
  const s = readTelegram(settings);
  if (!s?.enabled || !s.tokenEnc) throw businessError('TELEGRAM_NOT_CONFIGURED');
  const code = randomAlnum(12).toUpperCase();
  const expiresAt = now + BIND_CODE_TTL_MS;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('message_bind_codes').where('user_id', '=', userId).where('used_at', 'is', null).execute();
    await trx
      .insertInto('message_bind_codes')
      .values({ code_hash: sha256(code), user_id: userId, expires_at: expiresAt, used_at: null, created_at: now })
      .execute();
  });
  return {
    code,
    botName: s.botName,
    link: s.botName ? `https://t.me/${s.botName}?start=${code}` : '',
    expiresAt: formatDateTime(expiresAt, timeZone),
    ttlSeconds: BIND_CODE_TTL_MS / 1000,
  };
}

const START = /^\/start(?:@\w+)?(?:\s+(\S+))?\s*$/;

export type BindOutcome = 'bound' | 'invalid' | 'ignored';

/**
 * Binds the chat that sent `/start <code>` to the code's member: once, while the code is fresh.
 * A stale, used or unknown code writes nothing. Answers what happened (the bot tells the sender).
 */
export async function bindChat(
  db: Db,
  code: string,
  chat: { id: string; name: string },
  now = Date.now(),
): Promise<BindOutcome> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('message_bind_codes')
      .select(['id', 'user_id', 'expires_at', 'used_at'])
      .where('code_hash', '=', sha256(code.toUpperCase()))
      .executeTakeFirst();
    if (!row) return 'invalid';
    if (row.used_at !== null) {
      // The same update handed over again (an offset not saved before a crash): it is bound already.
      const chatOf = await trx
        .selectFrom('message_chats')
        .select('chat_id')
        .where('user_id', '=', row.user_id)
        .executeTakeFirst();
      return chatOf?.chat_id === chat.id && Number(row.used_at) >= now - BIND_CODE_TTL_MS ? 'bound' : 'invalid';
    }
    if (Number(row.expires_at) < now) return 'invalid';
    // Two updates carrying the same code (a replay after a crash): only the first takes it.
    const taken = await trx
      .updateTable('message_bind_codes')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return 'invalid';
    await trx
      .insertInto('message_chats')
      .values({ user_id: Number(row.user_id), chat_id: chat.id, chat_name: chat.name.slice(0, 100), bound_at: now })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ chat_id: chat.id, chat_name: chat.name.slice(0, 100), bound_at: now }),
      )
      .execute();
    return 'bound';
  });
}

export const BIND_REPLIES: Record<Exclude<BindOutcome, 'ignored'> | 'help', string> = {
  bound: '绑定成功！之后您开启了 Telegram 通知的消息会发送到这里。可以在会员中心「站内信 → 通知设置」中调整。',
  invalid: '绑定码不存在、已过期或已使用，请在会员中心「站内信 → 通知设置」中重新获取绑定码。',
  help: '请在会员中心「站内信 → 通知设置」中获取绑定码，然后发送 /start 绑定码 完成绑定。',
};

/**
 * One getUpdates round (the poll job): binds the chats that sent a code, answers every `/start`,
 * and moves the stored offset past what it handled. Binding is idempotent, so an update seen
 * twice (a crash before the offset was saved) binds nothing twice.
 */
export async function pollTelegram(db: Db, settings: SettingsStore, box: SecretBox): Promise<number> {
  const s = readTelegram(settings);
  if (!s?.enabled || !s.tokenEnc) return 0;
  const bot: TelegramBot = { apiBase: s.apiBase || DEFAULT_TELEGRAM_API, token: box.open(s.tokenEnc) };
  // Another instance's last save reaches this one's copy within seconds; an update seen again binds nothing twice.
  const offset = Number(settings.get(TELEGRAM_OFFSET_SETTING) ?? 0);
  const updates = await telegramUpdates(bot, offset);
  if (updates.length === 0) return 0;
  for (const u of updates) {
    const text = u.message?.text?.trim();
    const chat = u.message?.chat;
    if (!text || !chat || chat.type !== 'private') continue;
    const m = START.exec(text);
    if (!m) continue;
    const name = chat.username ? `@${chat.username}` : [chat.first_name, chat.last_name].filter(Boolean).join(' ');
    const outcome = m[1] ? await bindChat(db, m[1], { id: String(chat.id), name }) : 'help';
    const reply = BIND_REPLIES[outcome === 'ignored' ? 'help' : outcome];
    await telegramSend(bot, String(chat.id), reply).catch((err: unknown) => {
      if (!(err instanceof ProviderError)) throw err;
    });
  }
  const next = Math.max(...updates.map((u) => u.update_id)) + 1;
  await settings.set(TELEGRAM_OFFSET_SETTING, String(next));
  return updates.length;
}
