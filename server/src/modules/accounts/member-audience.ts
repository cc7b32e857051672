import type { Db } from '../../core/db/connect.js';

/** Who an admin broadcast goes to: every member, the members of one level, or one site's customers. */
export type MemberAudience = { kind: 'all' } | { kind: 'level'; levelId: number } | { kind: 'site'; siteId: number };

function audienceQuery(db: Db, audience: MemberAudience) {
  let q = db.selectFrom('users').where('status', '=', 'active');
  if (audience.kind === 'level') q = q.where('level_id', '=', audience.levelId);
  if (audience.kind === 'site') q = q.where('site_id', '=', audience.siteId);
  return q;
}

/** The next `limit` member ids of an audience after `afterId`, ascending (a broadcast walks them in batches). */
export async function audienceIdsAfter(
  db: Db,
  audience: MemberAudience,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const rows = await audienceQuery(db, audience)
    .select('id')
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** How many members an audience has now. */
export async function audienceSize(db: Db, audience: MemberAudience): Promise<number> {
  const row = await audienceQuery(db, audience)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** What a notification channel needs of a member: the address for e-mail, the name to greet, the site. */
export async function memberNotifyProfile(
  db: Db,
  userId: number,
): Promise<{ email: string | null; loginName: string; siteId: number } | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['email', 'login_name', 'site_id'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? { email: row.email, loginName: row.login_name, siteId: Number(row.site_id) } : undefined;
}
