import { RobotKindLabels, type RobotKind, type RobotSaveInput, type RobotView, type RobotsView } from '@kapu/contract';
import type { Selectable } from 'kysely';
import { writeAudit } from '../../core/calls.js';
import type { RequestContext } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import type { EventType } from '../../core/events.js';
import { formatDateTime } from '../../core/time.js';
import type { SecretBox } from '../verification/index.js';
import { maskUrl } from './providers.js';
import type { MessageRobotsTable } from './tables.js';
import { staffTopicList, staffTopics } from './topics.js';

/** Staff group robots: where pending work is announced. Their webhook keys and 加签 secrets are sealed. */

type RobotRow = Selectable<MessageRobotsTable>;

const topicsOf = (row: Pick<RobotRow, 'topics'>): string[] => {
  try {
    const t = JSON.parse(row.topics) as unknown;
    return Array.isArray(t) ? t.map(String) : [];
  } catch {
    return [];
  }
};

function robotView(box: SecretBox, r: RobotRow, timeZone: string): RobotView {
  return {
    id: Number(r.id),
    name: r.name,
    kind: r.kind as RobotKind,
    kindText: RobotKindLabels[r.kind as RobotKind] ?? r.kind,
    urlMasked: r.url_enc ? maskUrl(box.open(r.url_enc)) : '',
    hasSecret: Boolean(r.secret_enc),
    chatId: r.chat_id,
    topics: topicsOf(r),
    enabled: Number(r.enabled) === 1,
    updatedAt: formatDateTime(Number(r.updated_at), timeZone),
  };
}

export async function listRobots(db: Db, box: SecretBox, timeZone: string): Promise<RobotsView> {
  const rows = await db.selectFrom('message_robots').selectAll().orderBy('id').execute();
  return { robots: rows.map((r) => robotView(box, r, timeZone)), topics: staffTopicList() };
}

/** The enabled robots told about a topic (the staff consumer reads them in its transaction). */
export async function robotsFor(db: Db, topic: string): Promise<RobotRow[]> {
  const rows = await db.selectFrom('message_robots').selectAll().where('enabled', '=', 1).orderBy('id').execute();
  return rows.filter((r) => topicsOf(r).includes(topic));
}

export async function robotRow(db: Db, id: number): Promise<RobotRow> {
  const row = await db.selectFrom('message_robots').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw businessError('ROBOT_NOT_FOUND');
  return row;
}

const WEBHOOK_PATHS: Record<Exclude<RobotKind, 'telegram'>, { path: RegExp; param: string; example: string }> = {
  wecom: {
    path: /\/cgi-bin\/webhook\/send$/,
    param: 'key',
    example: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…',
  },
  dingtalk: {
    path: /\/robot\/send$/,
    param: 'access_token',
    example: 'https://oapi.dingtalk.com/robot/send?access_token=…',
  },
};

/** A 企业微信 / 钉钉 webhook must have its API's path and key parameter (a pasted page address would never work). */
function checkWebhook(kind: Exclude<RobotKind, 'telegram'>, url: string): void {
  const rule = WEBHOOK_PATHS[kind];
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw businessError('ROBOT_URL_INVALID', `机器人地址不正确，应类似 ${rule.example}`, { field: 'url' });
  }
  if (!rule.path.test(u.pathname) || !u.searchParams.get(rule.param))
    throw businessError('ROBOT_URL_INVALID', `机器人地址不正确，应类似 ${rule.example}`, { field: 'url' });
}

export async function saveRobot(
  db: Db,
  box: SecretBox,
  ctx: RequestContext,
  input: RobotSaveInput,
  now = Date.now(),
): Promise<{ id: number }> {
  const unknown = input.topics.filter((t) => !(t in staffTopics));
  if (unknown.length) throw businessError('MESSAGE_TOPIC_UNKNOWN', `没有这种通知事项：${unknown.join('、')}`);
  const before = input.id ? await robotRow(db, input.id) : null;
  if (before && before.kind !== input.kind && input.kind !== 'telegram' && !input.url)
    throw businessError('ROBOT_URL_INVALID', '更换机器人类型时请重新填写地址', { field: 'url' });
  if (input.kind === 'telegram') {
    if (!input.chatId) throw businessError('BAD_INPUT', '请填写 Telegram 群聊 ID', { field: 'chatId' });
  } else {
    if (input.url) checkWebhook(input.kind, input.url);
    else if (!before?.url_enc) throw businessError('BAD_INPUT', '请填写机器人地址', { field: 'url' });
  }
  const values = {
    name: input.name,
    kind: input.kind,
    url_enc: input.kind === 'telegram' ? null : input.url ? box.seal(input.url) : (before?.url_enc ?? null),
    secret_enc: input.kind !== 'dingtalk' ? null : input.secret ? box.seal(input.secret) : (before?.secret_enc ?? null),
    chat_id: input.kind === 'telegram' ? (input.chatId ?? '') : '',
    topics: JSON.stringify([...new Set(input.topics)] as EventType[]),
    enabled: input.enabled ? 1 : 0,
    updated_at: now,
  };
  // What the log keeps: never the key or the secret.
  const logged = (v: { name: string; kind: string; chat_id: string; topics: string; enabled: number }) => ({
    name: v.name,
    kind: v.kind,
    chatId: v.chat_id,
    topics: v.topics,
    enabled: v.enabled,
  });
  return db.transaction().execute(async (trx) => {
    if (before) {
      await trx.updateTable('message_robots').set(values).where('id', '=', before.id).execute();
      await writeAudit(ctx, trx, { id: before.id, before: logged(before), after: logged(values) });
      return { id: Number(before.id) };
    }
    const row = await trx
      .insertInto('message_robots')
      .values({ ...values, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(ctx, trx, { id: Number(row.id), after: logged(values) });
    return { id: Number(row.id) };
  });
}

export async function deleteRobot(db: Db, ctx: RequestContext, id: number): Promise<void> {
  const before = await robotRow(db, id);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('message_robots').where('id', '=', id).execute();
    await writeAudit(ctx, trx, { id, before: { name: before.name, kind: before.kind } });
  });
}
