import type { TestApp } from '../helper.js';

export interface SiteSeed {
  ownerId: number;
  path: string;
  parentId?: number;
  /** Markup rules for the site's buyers and its child sites. */
  buyer?: Array<{ scope?: 'global' | 'dir' | 'goods' | 'range'; targetId?: number; kind?: string; value: number }>;
  child?: Array<{ scope?: 'global' | 'dir' | 'goods' | 'range'; targetId?: number; kind?: string; value: number }>;
  status?: 'active' | 'closed' | 'suspended' | 'expired';
}

/**
 * A sub-site as the opening flow leaves it (decision 0009: parent, depth, chain, a version with the
 * owner's level) plus its markup rules, written straight into the tables: these tests are about
 * resolution, pricing and shares, not about opening.
 */
export async function seedSite(t: TestApp, seed: SiteSeed): Promise<number> {
  const db = t.deps.db;
  const now = Date.now();
  const parent = await db
    .selectFrom('sites')
    .select(['id', 'depth', 'chain'])
    .where('id', '=', seed.parentId ?? 1)
    .executeTakeFirstOrThrow();
  const level = await db
    .selectFrom('member_levels')
    .select('id')
    .where('site_id', '=', 1)
    .orderBy('is_default', 'desc')
    .executeTakeFirstOrThrow();
  const version = await db
    .insertInto('site_versions')
    .values({
      name: `版本${now % 100000}`,
      level_id: level.id,
      price_month: 1000,
      max_children: 5,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const site = await db
    .insertInto('sites')
    .values({
      parent_id: parent.id,
      owner_user_id: seed.ownerId,
      title: `分站${seed.path}`,
      subtitle: '',
      path: seed.path,
      domain: null,
      status: seed.status ?? 'active',
      depth: parent.depth + 1,
      version_id: version.id,
      period: 'month',
      expires_at: now + 30 * 86_400_000,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('sites')
    .set({ chain: `${parent.chain}/${site.id}` })
    .where('id', '=', site.id)
    .execute();
  const rules = [
    ...(seed.buyer ?? []).map((r) => ({ ...r, audience: 'buyer' as const })),
    ...(seed.child ?? []).map((r) => ({ ...r, audience: 'child' as const })),
  ];
  if (rules.length)
    await db
      .insertInto('site_price_rules')
      .values(
        rules.map((r) => ({
          site_id: site.id,
          audience: r.audience,
          scope: r.scope ?? 'global',
          target_id: r.targetId ?? null,
          range_min: null,
          range_max: null,
          kind: (r.kind ?? 'percent') as 'percent',
          value: r.value,
          created_at: now,
        })),
      )
      .execute();
  await t.deps.caches.changed('site');
  await t.deps.caches.changed('site-rules');
  return site.id;
}
