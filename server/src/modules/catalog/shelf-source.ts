import { sql } from 'kysely';
import type { Db } from '../../core/db/connect.js';
import { fetchPage } from '../../core/paging.js';
import { PLATFORM_SITE_ID, type ShelfCatalog, type ShelfGoods, type ShelfQuery } from '../sites/index.js';
import { buyerLevel, loadPriceRules, quote } from './pricing.js';

const ROW = ['id', 'site_id', 'name', 'dir_id', 'type', 'face_value', 'price', 'updated_at'] as const;
type Row = {
  id: number;
  site_id: number;
  name: string;
  dir_id: number;
  type: ShelfGoods['type'];
  face_value: number;
  price: number;
  updated_at: number;
};

/** `%text%` for LIKE with its wildcards taken literally (ESCAPE '\'). */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Goods on sale of the platform, or of the platform and the sites of an owner's chain (decision 0018). */
function onSale(db: Db, sites?: readonly number[]) {
  const q = db.selectFrom('goods').where('status', '=', 'on_sale');
  return sites && sites.length > 1 ? q.where('site_id', 'in', [...sites]) : q.where('site_id', '=', PLATFORM_SITE_ID);
}

/** The platform's unit price of each goods at a level (the chain's start), one read of the price rules. */
async function priced(db: Db, levelId: number | null, rows: Row[]): Promise<ShelfGoods[]> {
  if (rows.length === 0) return [];
  const level = levelId ?? (await buyerLevel(db, PLATFORM_SITE_ID, null));
  const rules = await loadPriceRules(db, PLATFORM_SITE_ID, rows);
  return rows.map((g) => ({
    id: g.id,
    siteId: Number(g.site_id),
    name: g.name,
    dirId: g.dir_id,
    type: g.type,
    faceValue: Number(g.face_value),
    retailPrice: g.price,
    // A site's own goods have one price (the owner's), the start of their chain.
    platformPrice: Number(g.site_id) === PLATFORM_SITE_ID ? quote(rules.get(g.id)!, level, 1).unitPrice : g.price,
  }));
}

/**
 * The catalogue as a site owner's shelf reads it (the sites module's port, passed in by app.ts):
 * the platform's goods on sale, priced at the level the owner's chain starts from, and with `sites`
 * the own goods of the owner's chain too (their own price).
 */
export function shelfCatalog(): ShelfCatalog {
  return {
    async goodsPage(db: Db, q: ShelfQuery) {
      let query = onSale(db, q.sites);
      if (q.dirId) {
        const dirId = q.dirId;
        query = query.where((eb) =>
          eb.or([
            eb('dir_id', '=', dirId),
            eb('dir_id', 'in', eb.selectFrom('goods_dirs').select('id').where('parent_id', '=', dirId)),
          ]),
        );
      }
      if (q.excludeIds.length) query = query.where('id', 'not in', [...q.excludeIds]);
      if (q.onlyIds) query = query.where('id', 'in', q.onlyIds.length ? [...q.onlyIds] : [0]);
      if (q.keyword) query = query.where('name', 'like', sql<string>`${likeContains(q.keyword)} escape '\\'`);
      const page = await fetchPage(query.select(ROW).orderBy('sort').orderBy('id'), q);
      return { ...page, list: await priced(db, q.levelId, page.list) };
    },

    async goodsByIds(db: Db, levelId: number | null, ids: readonly number[], sites?: readonly number[]) {
      if (ids.length === 0) return [];
      const rows = await onSale(db, sites)
        .select(ROW)
        .where('id', 'in', [...ids])
        .execute();
      return priced(db, levelId, rows);
    },

    async countOnSale(db: Db, { excludeIds, onlyIds }) {
      if (onlyIds && onlyIds.length === 0) return 0;
      let query = onSale(db);
      if (excludeIds.length) query = query.where('id', 'not in', [...excludeIds]);
      if (onlyIds) query = query.where('id', 'in', [...onlyIds]);
      const row = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async orderedIds(db: Db, { excludeIds, onlyIds, limit }) {
      if (limit <= 0 || (onlyIds && onlyIds.length === 0)) return [];
      let query = onSale(db);
      if (excludeIds.length) query = query.where('id', 'not in', [...excludeIds]);
      if (onlyIds) query = query.where('id', 'in', [...onlyIds]);
      const rows = await query.select('id').orderBy('sort').orderBy('id').limit(limit).execute();
      return rows.map((r) => r.id);
    },

    async dirs(db: Db) {
      const rows = await db
        .selectFrom('goods_dirs')
        .select(['id', 'parent_id', 'name', 'sort'])
        .where('site_id', '=', PLATFORM_SITE_ID)
        .where('visible', '=', 1)
        .orderBy('sort')
        .orderBy('id')
        .execute();
      return rows.map((d) => ({ id: d.id, parentId: d.parent_id, name: d.name, sort: d.sort }));
    },
  };
}
