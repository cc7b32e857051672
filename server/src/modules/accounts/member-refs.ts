import { sql } from 'kysely';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';

import type { MemberLabel } from '@kapu/contract';

/** Labels of the given members, in one query (for lists of orders, ledger rows, …). */
export async function memberLabels(db: Db, ids: (number | null | undefined)[]): Promise<Map<number, MemberLabel>> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'user_no', 'login_name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, { userNo: r.user_no, loginName: r.login_name }]));
}

/**
 * The member staff typed: a member number or a login name (the number wins when both match).
 * MEMBER_NOT_FOUND when there is none.
 */
export async function memberIdByRef(db: Db, ref: string): Promise<number> {
  const text = ref.trim();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'user_no'])
    .where((eb) => eb.or([eb('user_no', '=', text), eb('login_name', '=', text)]))
    .limit(2)
    .execute();
  const hit = rows.find((r) => r.user_no === text) ?? rows[0];
  if (!hit) throw businessError('MEMBER_NOT_FOUND', `会员不存在：${text.slice(0, 32)}`);
  return hit.id;
}

/**
 * Members' public references (id, member number, login name) as a subquery with the caller's
 * alias, for owners that list their rows with the member and search by them in one statement
 * (withdrawals, certifications).
 */
export function memberRefsTable<A extends string>(db: Db, alias: A) {
  return db.selectFrom('users').select(['id', 'user_no', 'login_name']).as(alias);
}

/** A member by member number or login name (the number wins), with what a transfer checks. */
export function memberByRef(db: Db, text: string) {
  return db
    .selectFrom('users')
    .select(['id', 'user_no', 'login_name', 'nickname', 'status'])
    .where((eb) => eb.or([eb('user_no', '=', text), eb('login_name', '=', text)]))
    .orderBy(sql`case when user_no = ${text} then 0 else 1 end`)
    .executeTakeFirst();
}

/** A member's status, read in the caller's transaction (e.g. after funds locked the row). */
export function memberStatus(db: Db, id: number) {
  return db.selectFrom('users').select(['id', 'status']).where('id', '=', id).executeTakeFirst();
}

/**
 * Members the service desk looks for: by member number, login name, mobile, e-mail or QQ (exact),
 * at most 20. Contacts come back as stored; the desk masks them.
 */
export function membersForDesk(db: Db, keyword: string) {
  const kw = keyword.trim();
  return db
    .selectFrom('users')
    .select(['id', 'user_no', 'login_name', 'nickname', 'mobile', 'email', 'qq', 'status', 'created_at'])
    .where((eb) =>
      eb.or([
        eb('user_no', '=', kw),
        eb('login_name', '=', kw),
        eb('mobile', '=', kw),
        eb('email', '=', kw.toLowerCase()),
        eb('qq', '=', kw),
      ]),
    )
    .orderBy('id')
    .limit(20)
    .execute();
}

/** Who an open-API caller is (openapi module): numbers, the site they registered on, level and status. */
export async function openApiMember(db: Db, userId: number) {
  const row = await db
    .selectFrom('users')
    .select(['id', 'user_no', 'login_name', 'site_id', 'level_id', 'status'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row
    ? {
        id: Number(row.id),
        userNo: row.user_no,
        loginName: row.login_name,
        siteId: Number(row.site_id),
        levelId: Number(row.level_id),
        active: row.status === 'active',
      }
    : undefined;
}
