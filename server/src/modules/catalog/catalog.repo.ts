import { sql, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { Paged } from '@kapu/contract';
import type { Db } from '../../core/db/connect.js';
import type { Database, GoodsTable } from '../../core/db/schema.js';
import { fetchPage } from '../../core/paging.js';
import { prepared } from '../../core/db/prepared.js';

export type GoodsRow = Selectable<GoodsTable>;

export interface GoodsFilter {
  siteId: number;
  /** Goods of these sites instead (the platform and the chain's sites that own goods, decision 0018). */
  siteIds?: readonly number[];
  /** Goods a sub-site's chain took off its shelf. */
  excludeIds?: readonly number[];
  /** Only these: the shelf of a sub-site whose chain is on a capped version (decision 0019). */
  shelfIds?: readonly number[] | null;
  dirId?: number;
  brandId?: number;
  type?: GoodsRow['type'];
  status?: GoodsRow['status'];
  keyword?: string;
  hot?: 0 | 1;
  recommended?: 0 | 1;
  /** Only these goods (a decoration block's chosen goods). */
  ids?: number[];
}

/** Kysely only: the catalog's tables (dirs, brands, goods, prices, tiers, favourites, goods log). */
/** Goods a member ordered, as a subquery from the orders module (passed in by app.ts). */
export type GoodsBoughtBy = (db: Db, userId: number) => SelectQueryBuilder<Database, 'orders', { goods_id: number }>;

/** What the orders module tells catalog about sales (see refreshSoldCounts). */
export interface SalesOfGoods {
  goodsPaidSince(db: Db, since: number): Promise<number[]>;
  paidQuantityOfGoods(db: Db): SelectQueryBuilder<Database, 'orders', { n: number }>;
}

/** A goods by id: every order reads it (PostgreSQL has no read cache), so it is built once. */
const goodsRow = prepared((db: Db, id: number) => db.selectFrom('goods').selectAll().where('id', '=', id));

export const catalogRepo = {
  dirs(db: Db, siteId: number, visibleOnly: boolean) {
    let q = db.selectFrom('goods_dirs').selectAll().where('site_id', '=', siteId);
    if (visibleOnly) q = q.where('visible', '=', 1);
    return q.orderBy('sort').orderBy('id').execute();
  },
  dir(db: Db, siteId: number, id: number) {
    return db
      .selectFrom('goods_dirs')
      .selectAll()
      .where('site_id', '=', siteId)
      .where('id', '=', id)
      .executeTakeFirst();
  },
  dirInUse(db: Db, id: number) {
    return db
      .selectFrom('goods_dirs')
      .select('id')
      .where('parent_id', '=', id)
      .union(db.selectFrom('goods').select('id').where('dir_id', '=', id))
      .limit(1)
      .executeTakeFirst();
  },
  brands(db: Db, siteId: number) {
    return db.selectFrom('brands').selectAll().where('site_id', '=', siteId).orderBy('sort').orderBy('id').execute();
  },
  brand(db: Db, siteId: number, id: number) {
    return db.selectFrom('brands').selectAll().where('site_id', '=', siteId).where('id', '=', id).executeTakeFirst();
  },

  goods(db: Db, siteId: number, id: number) {
    return db
      .selectFrom('goods')
      .selectAll()
      .where('site_id', '=', siteId)
      .where('id', '=', id)
      .executeTakeFirst() as Promise<GoodsRow | undefined>;
  },

  goodsById(db: Db, id: number) {
    return goodsRow.first(db, id) as Promise<GoodsRow | undefined>;
  },

  /** Lists goods; ids in dirId include the directory's children (two levels). */
  async goodsPage(db: Db, f: GoodsFilter, order: string, page: number, pageSize: number) {
    let q =
      f.siteIds && f.siteIds.length > 1
        ? db.selectFrom('goods').where('site_id', 'in', [...f.siteIds])
        : db.selectFrom('goods').where('site_id', '=', f.siteId);
    if (f.dirId) {
      const dirId = f.dirId;
      q = q.where((eb) =>
        eb.or([
          eb('dir_id', '=', dirId),
          eb('dir_id', 'in', eb.selectFrom('goods_dirs').select('id').where('parent_id', '=', dirId)),
        ]),
      );
    }
    if (f.excludeIds?.length) q = q.where('id', 'not in', [...f.excludeIds]);
    if (f.shelfIds) {
      const shelf = f.shelfIds.length ? [...f.shelfIds] : [0];
      // A capped shelf holds the platform's goods; own goods of the chain's sites are listed by their status.
      q =
        f.siteIds && f.siteIds.length > 1
          ? q.where((eb) => eb.or([eb('site_id', '!=', f.siteId), eb('id', 'in', shelf)]))
          : q.where('id', 'in', shelf);
    }
    if (f.brandId) q = q.where('brand_id', '=', f.brandId);
    if (f.type) q = q.where('type', '=', f.type);
    if (f.status) q = q.where('status', '=', f.status);
    if (f.hot) q = q.where('hot', '=', 1);
    if (f.recommended) q = q.where('recommended', '=', 1);
    if (f.ids) q = q.where('id', 'in', f.ids);
    if (f.keyword) q = q.where('name', 'like', `%${f.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`);
    let rows = q.selectAll();
    switch (order) {
      case 'price_asc':
        rows = rows.orderBy('price').orderBy('id');
        break;
      case 'price_desc':
        rows = rows.orderBy('price', 'desc').orderBy('id');
        break;
      case 'sales':
        rows = rows.orderBy('sold_count', 'desc').orderBy('id');
        break;
      case 'new':
        rows = rows.orderBy('id', 'desc');
        break;
      default:
        rows = rows.orderBy('sort').orderBy('id');
    }
    return (await fetchPage(rows, { page, pageSize })) as Paged<GoodsRow>;
  },

  /** A few goods on sale that have level prices, best sellers first (the levels page's examples). */
  levelExamples(db: Db, siteId: number, count: number) {
    return db
      .selectFrom('goods')
      .selectAll()
      .where('site_id', '=', siteId)
      .where('status', '=', 'on_sale')
      .where('id', 'in', db.selectFrom('goods_prices').select('goods_id').where('site_id', '=', siteId))
      .orderBy('sold_count', 'desc')
      .orderBy('sort')
      .orderBy('id')
      .limit(count)
      .execute();
  },

  wholesale(db: Db, goodsId: number) {
    return db
      .selectFrom('goods_wholesale')
      .select(['min_quantity', 'price'])
      .where('goods_id', '=', goodsId)
      .orderBy('min_quantity')
      .execute();
  },
  levelPrices(db: Db, goodsId: number) {
    return db.selectFrom('goods_prices').select(['level_id', 'price']).where('goods_id', '=', goodsId).execute();
  },
  levels(db: Db, siteId: number) {
    return db
      .selectFrom('member_levels')
      .select(['id', 'name', 'sort', 'is_default', 'price', 'buyable', 'description'])
      .where('site_id', '=', siteId)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  },

  async replaceLevelPrices(db: Db, siteId: number, goodsId: number, prices: Array<{ levelId: number; price: number }>) {
    await db.deleteFrom('goods_prices').where('goods_id', '=', goodsId).execute();
    if (prices.length) {
      await db
        .insertInto('goods_prices')
        .values(prices.map((p) => ({ site_id: siteId, goods_id: goodsId, level_id: p.levelId, price: p.price })))
        .execute();
    }
  },
  async replaceWholesale(
    db: Db,
    siteId: number,
    goodsId: number,
    tiers: Array<{ minQuantity: number; price: number }>,
  ) {
    await db.deleteFrom('goods_wholesale').where('goods_id', '=', goodsId).execute();
    if (tiers.length) {
      await db
        .insertInto('goods_wholesale')
        .values(tiers.map((t) => ({ site_id: siteId, goods_id: goodsId, min_quantity: t.minQuantity, price: t.price })))
        .execute();
    }
  },

  writeLog(
    db: Db,
    goodsId: number,
    kind: 'price' | 'stock' | 'status' | 'info',
    before: string,
    after: string,
    now = Date.now(),
  ) {
    return db
      .insertInto('goods_logs')
      .values({
        goods_id: goodsId,
        kind,
        before_value: before.slice(0, 200),
        after_value: after.slice(0, 200),
        created_at: now,
      })
      .execute();
  },

  /** Changes of goods the member favourited or bought (the bought ones as orders' subquery). */
  async logsFor(db: Db, userId: number, page: number, pageSize: number, bought: GoodsBoughtBy) {
    const mine = db.selectFrom('favorites').select('goods_id').where('user_id', '=', userId).union(bought(db, userId));
    const base = db
      .selectFrom('goods_logs')
      .innerJoin('goods', 'goods.id', 'goods_logs.goods_id')
      .where('goods_logs.goods_id', 'in', mine);
    const rows = base
      .select([
        'goods_logs.id',
        'goods_logs.goods_id',
        'goods.name',
        'goods_logs.kind',
        'goods_logs.before_value',
        'goods_logs.after_value',
        'goods_logs.created_at',
      ])
      .orderBy('goods_logs.id', 'desc');
    return fetchPage(rows, { page, pageSize });
  },

  favoriteIds(db: Db, userId: number) {
    return db.selectFrom('favorites').select('goods_id').where('user_id', '=', userId).orderBy('id', 'desc').execute();
  },
  addFavorite(db: Db, userId: number, goodsId: number) {
    return db
      .insertInto('favorites')
      .values({ user_id: userId, goods_id: goodsId, created_at: Date.now() })
      .onConflict((oc) => oc.columns(['user_id', 'goods_id']).doNothing())
      .execute();
  },
  removeFavorite(db: Db, userId: number, goodsId: number) {
    return db.deleteFrom('favorites').where('user_id', '=', userId).where('goods_id', '=', goodsId).execute();
  },
  /** Goods of one site, or of several (a sub-site's chain, decision 0018), among `ids`. */
  goodsByIds(db: Db, site: number | readonly number[], ids: number[]) {
    if (ids.length === 0) return Promise.resolve([] as GoodsRow[]);
    const sites = typeof site === 'number' ? [site] : [...site];
    return db.selectFrom('goods').selectAll().where('site_id', 'in', sites).where('id', 'in', ids).execute() as Promise<
      GoodsRow[]
    >;
  },

  /** Takes count stock of non-card goods; false when not enough (NULL stock = unlimited). */
  async takeCountStock(db: Db, goodsId: number, quantity: number): Promise<boolean> {
    const res = await db
      .updateTable('goods')
      .set({ stock: sql<number>`stock - ${quantity}` })
      .where('id', '=', goodsId)
      .where((eb) => eb.or([eb('stock', 'is', null), eb('stock', '>=', quantity)]))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },
  returnCountStock(db: Db, goodsId: number, quantity: number) {
    return db
      .updateTable('goods')
      .set({ stock: sql<number>`stock + ${quantity}` })
      .where('id', '=', goodsId)
      .where('stock', 'is not', null)
      .execute();
  },
  /**
   * Recomputes the sales count of goods with orders paid since `since`. A payment does not
   * touch the goods row (that row lock would serialize every buyer of one goods on
   * PostgreSQL); the count follows within seconds instead. The orders module gives both parts
   * (which goods, and the correlated sum), passed in by app.ts's job.
   */
  async refreshSoldCounts(db: Db, since: number, sales: SalesOfGoods): Promise<number> {
    const ids = await sales.goodsPaidSince(db, since);
    for (let i = 0; i < ids.length; i += 500) {
      await db
        .updateTable('goods')
        .set({ sold_count: sales.paidQuantityOfGoods(db) })
        .where('id', 'in', ids.slice(i, i + 500))
        .execute();
    }
    return ids.length;
  },
};
