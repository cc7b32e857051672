import { sql } from 'kysely';
import type { Paged } from '@kapu/contract';
import type { Db } from '../../core/db/connect.js';
import { fetchPage } from '../../core/paging.js';
import { newInviteCode } from './accounts.service.js';

/**
 * The invite tree as the promotion module reads it (users.inviter_id, set at registration by an
 * invite code): a member's inviters up to three levels, their invitees per level, and the IP each
 * registered from (the first sign-in of an account is its registration).
 */

/** The inviters above a member, nearest first, at most `levels`; a cycle or a missing row ends the chain. */
export async function invitersOf(db: Db, userId: number, levels = 3): Promise<number[]> {
  const chain: number[] = [];
  const seen = new Set([userId]);
  let current = userId;
  while (chain.length < levels) {
    const row = await db.selectFrom('users').select('inviter_id').where('id', '=', current).executeTakeFirst();
    const up = row?.inviter_id === null || row?.inviter_id === undefined ? null : Number(row.inviter_id);
    if (up === null || seen.has(up)) break;
    chain.push(up);
    seen.add(up);
    current = up;
  }
  return chain;
}

/** Which of these members were invited by someone (one read for a batch of buyers). */
export async function invitedAmong(db: Db, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [...new Set(userIds)])
    .where('inviter_id', 'is not', null)
    .execute();
  return new Set(rows.map((r) => Number(r.id)));
}

/** Ids of the members `level` steps below the inviter, as a subquery (level 1: invited by them). */
function inviteeIds(db: Db, inviterId: number, level: 1 | 2 | 3) {
  const first = db.selectFrom('users').select('id').where('inviter_id', '=', inviterId);
  if (level === 1) return first;
  const second = db.selectFrom('users').select('id').where('inviter_id', 'in', first);
  if (level === 2) return second;
  return db.selectFrom('users').select('id').where('inviter_id', 'in', second);
}

export interface InviteeRow {
  id: number;
  loginName: string;
  createdAt: number;
}

/** One level of a member's invitees, newest first, by login name. */
export async function inviteesPage(
  db: Db,
  inviterId: number,
  input: { level: 1 | 2 | 3; keyword?: string; page: number; pageSize: number },
): Promise<Paged<InviteeRow>> {
  let q = db.selectFrom('users').where('id', 'in', inviteeIds(db, inviterId, input.level));
  if (input.keyword) {
    const like = `%${input.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    q = q.where('login_name', 'like', like);
  }
  const page = await fetchPage(q.select(['id', 'login_name', 'created_at']).orderBy('id', 'desc'), input);
  return {
    ...page,
    list: page.list.map((r) => ({ id: r.id, loginName: r.login_name, createdAt: Number(r.created_at) })),
  };
}

/** How many members a member brought per level, and how many of their own invitees joined since `since`. */
export async function inviteeCounts(db: Db, inviterId: number, since: number) {
  const count = (level: 1 | 2 | 3) =>
    db
      .selectFrom('users')
      .select(sql<number | string>`count(*)`.as('n'))
      .where('id', 'in', inviteeIds(db, inviterId, level))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  const today = await db
    .selectFrom('users')
    .select(sql<number | string>`count(*)`.as('n'))
    .where('inviter_id', '=', inviterId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return { level1: await count(1), level2: await count(2), level3: await count(3), today: Number(today.n) };
}

/** The IP each member registered from (their first sign-in), for the given members. */
export async function registrationIpsOf(db: Db, userIds: readonly number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const firsts = db
    .selectFrom('login_logs')
    .select((eb) => eb.fn.min('id').as('id'))
    .where('user_id', 'in', [...userIds])
    .groupBy('user_id');
  const rows = await db.selectFrom('login_logs').select(['user_id', 'ip']).where('id', 'in', firsts).execute();
  return new Map(rows.map((r) => [Number(r.user_id), r.ip]));
}

/** The member's invite code, given one now when they have none yet (members from before codes existed). */
export async function inviteCodeOf(db: Db, userId: number): Promise<string> {
  const row = await db.selectFrom('users').select('invite_code').where('id', '=', userId).executeTakeFirst();
  if (row?.invite_code) return row.invite_code;
  const code = await newInviteCode(db);
  await db
    .updateTable('users')
    .set({ invite_code: code })
    .where('id', '=', userId)
    .where('invite_code', 'is', null)
    .execute();
  const again = await db.selectFrom('users').select('invite_code').where('id', '=', userId).executeTakeFirst();
  return again?.invite_code ?? code;
}

/** A member's nickname and the site they registered on. */
export async function memberSiteOf(db: Db, userId: number) {
  const row = await db.selectFrom('users').select(['site_id', 'nickname']).where('id', '=', userId).executeTakeFirst();
  return row ? { siteId: Number(row.site_id), nickname: row.nickname } : undefined;
}
