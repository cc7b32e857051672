import type { MessageCategory, MessageListInput, MessageView, Paged } from '@kapu/contract';
import type { Db } from '../../core/db/connect.js';
import { insertMany } from '../../core/db/insert-many.js';
import { fetchPage, mapPage } from '../../core/paging.js';
import { formatDateTime } from '../../core/time.js';

/**
 * Members' messages and their unread counters. Every write of a message's read state moves the
 * member's counter by exactly the rows it changed, in the same statement's transaction, so the bell
 * reads one row (O(1)) and the count stays exact under concurrent writers.
 */

export interface NewMessage {
  userId: number;
  topic: string;
  category: MessageCategory;
  title: string;
  body: string;
  link?: string;
  broadcastId?: number;
}

/** How a write moves one member's counters. */
interface CounterMove {
  unread: number;
  total: number;
}

/** Moves members' counters by what a write changed (one upsert for all of them). */
async function bumpCounters(trx: Db, byUser: Map<number, CounterMove>, now: number): Promise<void> {
  const rows = [...byUser]
    .filter(([, d]) => d.unread !== 0 || d.total !== 0)
    .map(([userId, d]) => [userId, d.unread, d.total, now]);
  await insertMany(trx, 'message_counters', ['user_id', 'unread', 'total', 'updated_at'], rows, {
    conflict: `on conflict ("user_id") do update set
      "unread" = "message_counters"."unread" + excluded."unread",
      "total" = "message_counters"."total" + excluded."total",
      "updated_at" = excluded."updated_at"`,
  });
}
const one = (userId: number, move: CounterMove) => new Map([[userId, move]]);

/** Writes messages (one multi-row insert) and raises their members' counters, in the caller's transaction. */
export async function writeMessages(trx: Db, messages: readonly NewMessage[], now = Date.now()): Promise<number[]> {
  if (messages.length === 0) return [];
  const rows = await insertMany<'messages', { id: number | string }>(
    trx,
    'messages',
    ['user_id', 'topic', 'category', 'title', 'body', 'link', 'read_at', 'broadcast_id', 'created_at'],
    messages.map((m) => [
      m.userId,
      m.topic,
      m.category,
      m.title.slice(0, 120),
      m.body,
      (m.link ?? '').slice(0, 300),
      null,
      m.broadcastId ?? null,
      now,
    ]),
    { returning: 'id' },
  );
  const byUser = new Map<number, CounterMove>();
  for (const m of messages) {
    const c = byUser.get(m.userId) ?? { unread: 0, total: 0 };
    byUser.set(m.userId, { unread: c.unread + 1, total: c.total + 1 });
  }
  await bumpCounters(trx, byUser, now);
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** A member's counts: one primary-key read. */
async function counters(db: Db, userId: number): Promise<CounterMove> {
  const row = await db
    .selectFrom('message_counters')
    .select(['unread', 'total'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { unread: Math.max(0, Number(row?.unread ?? 0)), total: Math.max(0, Number(row?.total ?? 0)) };
}

/** A member's unread count: one primary-key read. */
export async function unreadCount(db: Db, userId: number): Promise<number> {
  return (await counters(db, userId)).unread;
}

const view =
  (timeZone: string) =>
  (r: {
    id: number;
    topic: string;
    category: string;
    title: string;
    body: string;
    link: string;
    read_at: number | null;
    created_at: number;
  }): MessageView => ({
    id: Number(r.id),
    topic: r.topic,
    category: r.category as MessageCategory,
    title: r.title,
    body: r.body,
    link: r.link,
    read: r.read_at !== null,
    createdAt: formatDateTime(Number(r.created_at), timeZone),
  });

const COLUMNS = ['id', 'topic', 'category', 'title', 'body', 'link', 'read_at', 'created_at'] as const;

/**
 * A member's messages, newest first. Without a kind filter the total comes from the counters
 * (all, unread, or all minus unread), so a long history costs one page read, not a count of it;
 * a kind filter counts its matches (fetchPage) on the (user, category) index.
 */
export async function listMessages(
  db: Db,
  userId: number,
  input: MessageListInput,
  timeZone: string,
): Promise<Paged<MessageView>> {
  let q = db.selectFrom('messages').select(COLUMNS).where('user_id', '=', userId);
  if (input.category) q = q.where('category', '=', input.category);
  if (input.read === 'read') q = q.where('read_at', 'is not', null);
  if (input.read === 'unread') q = q.where('read_at', 'is', null);
  q = q.orderBy('id', 'desc');
  if (input.category) return mapPage(await fetchPage(q, input), view(timeZone));
  const [rows, c] = await Promise.all([
    q
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
    counters(db, userId),
  ]);
  const total = input.read === 'unread' ? c.unread : input.read === 'read' ? c.total - c.unread : c.total;
  return { list: rows.map(view(timeZone)), total: Math.max(0, total), page: input.page, pageSize: input.pageSize };
}

/** The newest few, for the bell. */
export async function latestMessages(db: Db, userId: number, limit: number, timeZone: string): Promise<MessageView[]> {
  const rows = await db
    .selectFrom('messages')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(view(timeZone));
}

/** Marks a member's messages read or unread; answers the new unread count. */
export async function markMessages(db: Db, userId: number, ids: number[], read: boolean): Promise<number> {
  const now = Date.now();
  return db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('messages')
      .set({ read_at: read ? now : null })
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .where('read_at', read ? 'is' : 'is not', null)
      .executeTakeFirst();
    const changed = Number(res.numUpdatedRows);
    await bumpCounters(trx, one(userId, { unread: read ? -changed : changed, total: 0 }), now);
    return unreadCount(trx, userId);
  });
}

/** Marks every unread message of a member read; answers how many it changed. */
export async function markAllRead(db: Db, userId: number): Promise<number> {
  const now = Date.now();
  return db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('messages')
      .set({ read_at: now })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    const changed = Number(res.numUpdatedRows);
    await bumpCounters(trx, one(userId, { unread: -changed, total: 0 }), now);
    return changed;
  });
}

/** Deletes a member's messages; the unread ones among them leave the counter. Answers the new unread count. */
export async function deleteMessages(db: Db, userId: number, ids: number[]): Promise<number> {
  const now = Date.now();
  return db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom('messages')
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .returning('read_at')
      .execute();
    const unread = gone.filter((m) => m.read_at === null).length;
    await bumpCounters(trx, one(userId, { unread: -unread, total: -gone.length }), now);
    return unreadCount(trx, userId);
  });
}
