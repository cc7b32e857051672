import type { Db } from '../../src/core/db/connect.js';

/**
 * A member's sub-site as rows (a first-level site under the platform, on a version of its own), for
 * suites that need one before the opening flow exists. The lead switches this to the real open call.
 */
export async function seedSite(
  db: Db,
  {
    ownerId,
    path,
    decoration = true,
    status = 'active',
  }: {
    ownerId: number;
    path: string;
    /** Whether the site's version allows decoration (装修). */
    decoration?: boolean;
    status?: 'active' | 'closed' | 'suspended' | 'expired';
  },
): Promise<{ siteId: number; versionId: number }> {
  const now = Date.now();
  const level = await db.selectFrom('member_levels').select('id').orderBy('id').executeTakeFirstOrThrow();
  const version = await db
    .insertInto('site_versions')
    .values({
      name: decoration ? '专业版' : '普及版',
      description: '',
      price_month: 1000,
      price_year: 10000,
      price_forever: null,
      level_id: level.id,
      own_domain: 0,
      subdomain: 0,
      max_children: 0,
      max_goods: 0,
      decoration: decoration ? 1 : 0,
      own_payment: 0,
      open_api: 0,
      sort: 0,
      status: 'on',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const site = await db
    .insertInto('sites')
    .values({
      parent_id: 1,
      owner_user_id: ownerId,
      title: `${path} 的小店`,
      subtitle: '',
      path,
      domain: null,
      status,
      created_at: now,
      depth: 1,
      chain: '1',
      version_id: version.id,
      period: 'month',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('sites')
    .set({ chain: `1/${site.id}` })
    .where('id', '=', site.id)
    .execute();
  return { siteId: site.id, versionId: version.id };
}
