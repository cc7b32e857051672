import { sql } from 'kysely';
import type { Paged } from '@kapu/contract';
import type { Db } from '../../core/db/connect.js';
import { fetchPage } from '../../core/paging.js';

/** A member as the owner of the site they registered on sees them. */
export interface SiteMemberRow {
  id: number;
  userNo: string;
  loginName: string;
  nickname: string;
  createdAt: number;
}

/** The members who registered on a site (its customers), newest first, by login name or member number. */
export async function membersOfSitePage(
  db: Db,
  siteId: number,
  input: { keyword?: string; page: number; pageSize: number },
): Promise<Paged<SiteMemberRow>> {
  let q = db.selectFrom('users').where('site_id', '=', siteId);
  if (input.keyword) {
    const kw = input.keyword;
    const like = `%${kw.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([eb('user_no', '=', kw), eb('login_name', 'like', like)]));
  }
  const page = await fetchPage(
    q.select(['id', 'user_no', 'login_name', 'nickname', 'created_at']).orderBy('id', 'desc'),
    input,
  );
  return {
    ...page,
    list: page.list.map((r) => ({
      id: r.id,
      userNo: r.user_no,
      loginName: r.login_name,
      nickname: r.nickname,
      createdAt: Number(r.created_at),
    })),
  };
}

/** Whether the member registered on the site (is one of its customers). */
export async function isMemberOfSite(db: Db, userId: number, siteId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A site's customers in all and those who joined since each start, in one statement. */
export async function membersOfSiteSince<K extends string>(
  db: Db,
  siteId: number,
  starts: Record<K, number>,
): Promise<{ total: number; since: Record<K, number> }> {
  const keys = Object.keys(starts) as K[];
  const row = (await db
    .selectFrom('users')
    .where('site_id', '=', siteId)
    .select([
      sql<string>`count(*)`.as('total'),
      ...keys.map((k) => sql<string>`sum(case when created_at >= ${starts[k]} then 1 else 0 end)`.as(k)),
    ])
    .executeTakeFirstOrThrow()) as Record<string, unknown>;
  const n = (v: unknown) => Number(v ?? 0);
  return { total: n(row.total), since: Object.fromEntries(keys.map((k) => [k, n(row[k])])) as Record<K, number> };
}
