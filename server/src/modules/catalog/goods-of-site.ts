import type { Db } from '../../core/db/connect.js';

/**
 * The site's goods (id and name) as a subquery aliased `goods`, for modules that list their own
 * rows per goods (stock's card list) and need the site filter and the name in the same statement.
 */
export function goodsOfSite(db: Db, siteId: number) {
  return db.selectFrom('goods').select(['id', 'name']).where('site_id', '=', siteId).as('goods');
}

/** Ids of the site's card goods (stock voids only cards of its own site's goods). */
export async function cardGoodsIdsOfSite(db: Db, siteId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('goods')
    .select('id')
    .where('site_id', '=', siteId)
    .where('type', '=', 'card')
    .execute();
  return rows.map((g) => g.id);
}
