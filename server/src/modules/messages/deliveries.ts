import {
  DeliveryChannelLabels,
  DeliveryStatusLabels,
  type DeliveryView,
  type Paged,
  type z,
  type deliveryListInput,
} from '@kapu/contract';
import type { Db } from '../../core/db/connect.js';
import { moveStatus } from '../../core/fsm.js';
import { enqueueJob, type JobInfo } from '../../core/jobs.js';
import { fetchPage, mapPage } from '../../core/paging.js';
import type { SettingsStore } from '../../core/settings.js';
import { formatDateTime } from '../../core/time.js';
import { memberNotifyProfile } from '../accounts/index.js';
import { siteTitleOf } from '../sites/index.js';
import { readSmtp, sendMail, type SecretBox } from '../verification/index.js';
import { deliveryMachine } from './machines.js';
import { ProviderError, dingtalkSend, telegramSend, wecomSend } from './providers.js';
import { activeBot, readTelegram } from './telegram.js';

/**
 * Deliveries through the channels beyond the app. A delivery row and its job are written in the
 * transaction of the message (or event) that asked for them, so they exist exactly when it was
 * committed. The job sends and then marks the row sent; a failure is retried with backoff
 * (core/jobs.ts) up to DELIVERY_TRIES, then the row is failed. A row once sent is never sent again
 * (the provider acknowledged it); a crash between the provider's answer and the mark may send it
 * again: at least once, never twice once acknowledged.
 */
export const DELIVERY_JOB = 'messages.deliver';
export const DELIVERY_TRIES = 8;

type Channel = 'email' | 'telegram' | 'robot';

interface NewDelivery {
  channel: Channel;
  userId?: number;
  robotId?: number;
  topic: string;
  target: string;
  subject: string;
  text: string;
}

/** Writes deliveries and their jobs in the caller's transaction. */
export async function queueDeliveries(trx: Db, list: readonly NewDelivery[], now = Date.now()): Promise<void> {
  for (const d of list) {
    const row = await trx
      .insertInto('message_deliveries')
      .values({
        channel: d.channel,
        user_id: d.userId ?? null,
        robot_id: d.robotId ?? null,
        topic: d.topic,
        target: d.target.slice(0, 100),
        subject: d.subject.slice(0, 200),
        text: d.text,
        status: 'pending',
        attempts: 0,
        last_error: '',
        created_at: now,
        sent_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await enqueueJob(
      trx,
      DELIVERY_JOB,
      { deliveryId: id },
      { uniqueKey: `${DELIVERY_JOB}:${id}`, maxAttempts: DELIVERY_TRIES, runAt: now },
    );
  }
}

/**
 * The channels a member chose for a topic that can be used now: e-mail (SMTP set up and an
 * address on the account; off unless switched on) and Telegram (the bot on and a chat bound; on
 * once bound unless switched off).
 */
export async function memberChannels(
  trx: Db,
  settings: SettingsStore,
  userId: number,
  topic: string,
): Promise<{ email: boolean; telegram: boolean }> {
  // Neither channel set up (the usual shop): nothing to read per message.
  if (readSmtp(settings) === null && !readTelegram(settings)?.enabled) return { email: false, telegram: false };
  const pref = await trx
    .selectFrom('message_prefs')
    .select(['email', 'telegram'])
    .where('user_id', '=', userId)
    .where('topic', '=', topic)
    .executeTakeFirst();
  const wantsEmail = Number(pref?.email ?? 0) === 1 && readSmtp(settings) !== null;
  let telegram = false;
  if (Number(pref?.telegram ?? 1) === 1 && readTelegram(settings)?.enabled) {
    const chat = await trx.selectFrom('message_chats').select('id').where('user_id', '=', userId).executeTakeFirst();
    telegram = chat !== undefined;
  }
  let email = false;
  if (wantsEmail) email = Boolean((await memberNotifyProfile(trx, userId))?.email);
  return { email, telegram };
}

export interface DeliverySenders {
  settings: SettingsStore;
  box: SecretBox;
  mailBox: SecretBox;
}

/** Sends one delivery; a ProviderError with retry=false (or a missing address) fails it at once. */
async function send(
  db: Db,
  s: DeliverySenders,
  d: { channel: Channel; user_id: number | null; robot_id: number | null; subject: string; text: string },
) {
  if (d.channel === 'email') {
    const profile = d.user_id === null ? undefined : await memberNotifyProfile(db, Number(d.user_id));
    if (!profile?.email) throw new ProviderError('会员没有绑定邮箱', false);
    const smtp = readSmtp(s.settings);
    if (!smtp) throw new ProviderError('邮件服务器未配置', false);
    const title = await siteTitleOf(db, profile.siteId);
    const text = [`您好，${profile.loginName}：`, '', d.text, '', `—— ${title}（本邮件由系统自动发送，请勿回复）`].join(
      '\n',
    );
    await sendMail(s.settings, s.mailBox, profile.email, `【${title}】${d.subject}`, text, smtp);
    return;
  }
  if (d.channel === 'telegram') {
    const bot = activeBot(s.settings, s.box);
    if (!bot) throw new ProviderError('Telegram 机器人未开启', false);
    const chat = await db
      .selectFrom('message_chats')
      .select('chat_id')
      .where('user_id', '=', Number(d.user_id))
      .executeTakeFirst();
    if (!chat) throw new ProviderError('会员已解除 Telegram 绑定', false);
    await telegramSend(bot, chat.chat_id, `${d.subject}\n\n${d.text}`);
    return;
  }
  const robot = await db
    .selectFrom('message_robots')
    .selectAll()
    .where('id', '=', Number(d.robot_id))
    .executeTakeFirst();
  if (!robot) throw new ProviderError('群机器人已删除', false);
  await sendToRobot(s, robot, d.text);
}

/** Sends a text to one robot as its kind speaks (also the admin's test button). */
export async function sendToRobot(
  s: Pick<DeliverySenders, 'settings' | 'box'>,
  robot: { kind: string; url_enc: string | null; secret_enc: string | null; chat_id: string },
  text: string,
): Promise<void> {
  if (robot.kind === 'telegram') {
    const bot = activeBot(s.settings, s.box);
    if (!bot) throw new ProviderError('Telegram 机器人未开启（后台「消息通知 → Telegram」）', false);
    await telegramSend(bot, robot.chat_id, text);
    return;
  }
  if (!robot.url_enc) throw new ProviderError('机器人地址未设置', false);
  const url = s.box.open(robot.url_enc);
  if (robot.kind === 'wecom') await wecomSend(url, text);
  else await dingtalkSend(url, robot.secret_enc ? s.box.open(robot.secret_enc) : null, text);
}

/** The job: sends a pending delivery once; records tries and the last error; fails it after the last try. */
export function deliveryJob(db: Db, s: DeliverySenders) {
  return async (payload: unknown, job: JobInfo): Promise<void> => {
    const { deliveryId } = payload as { deliveryId: number };
    const d = await db.selectFrom('message_deliveries').selectAll().where('id', '=', deliveryId).executeTakeFirst();
    if (!d || d.status !== 'pending') return; // sent (acknowledged) or given up: never again
    try {
      await send(db, s, d);
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const final = (err instanceof ProviderError && !err.retry) || job.attempts >= DELIVERY_TRIES;
      if (final) {
        await moveStatus(db, deliveryMachine, d.id, 'pending', 'failed', {
          attempts: job.attempts,
          last_error: message,
        });
        return;
      }
      await db
        .updateTable('message_deliveries')
        .set({ attempts: job.attempts, last_error: message })
        .where('id', '=', d.id)
        .execute();
      throw err; // the runner tries again after its backoff
    }
    await moveStatus(db, deliveryMachine, d.id, 'pending', 'sent', {
      attempts: job.attempts,
      last_error: '',
      sent_at: Date.now(),
    });
  };
}

/** The admin's delivery log. */
export async function listDeliveries(
  db: Db,
  input: z.infer<typeof deliveryListInput>,
  timeZone: string,
): Promise<Paged<DeliveryView>> {
  let q = db
    .selectFrom('message_deliveries')
    .select([
      'id',
      'channel',
      'topic',
      'target',
      'subject',
      'status',
      'attempts',
      'last_error',
      'created_at',
      'sent_at',
    ]);
  if (input.channel) q = q.where('channel', '=', input.channel);
  if (input.status) q = q.where('status', '=', input.status);
  return mapPage(await fetchPage(q.orderBy('id', 'desc'), input), (r) => ({
    id: Number(r.id),
    channel: r.channel,
    channelText: DeliveryChannelLabels[r.channel],
    topic: r.topic,
    target: r.target,
    subject: r.subject,
    status: r.status,
    statusText: DeliveryStatusLabels[r.status],
    attempts: Number(r.attempts),
    lastError: r.last_error,
    createdAt: formatDateTime(Number(r.created_at), timeZone),
    sentAt: r.sent_at === null ? '' : formatDateTime(Number(r.sent_at), timeZone),
  }));
}

/** Staff send a failed delivery again (a fixed address, a robot set up again), in the caller's transaction. */
export async function retryDelivery(trx: Db, id: number, now = Date.now()): Promise<boolean> {
  const moved = await moveStatus(trx, deliveryMachine, id, 'failed', 'pending', { last_error: '' });
  if (!moved) return false;
  await enqueueJob(
    trx,
    DELIVERY_JOB,
    { deliveryId: id },
    { uniqueKey: `${DELIVERY_JOB}:${id}:${now}`, maxAttempts: DELIVERY_TRIES, runAt: now },
  );
  return true;
}
