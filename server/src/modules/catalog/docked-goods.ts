import type { Db } from '../../core/db/connect.js';
import type { GoodsRow } from './catalog.repo.js';
import { sanitizeDescription } from './catalog.service.js';

/**
 * Goods imported from an upstream shop (docking, decision 0016): the platform's goods, or a sub-site's
 * own (`siteId`, decision 0018: sold on that site and below it), no supplier, on sale at once, sold
 * through the storefront and the price chain like any goods. Their
 * count stock is the upstream's stock as last synced; docking keeps them in step through
 * `updateOwnedGoods` / `moveOwnedGoodsStatus` (which serve any goods row).
 */
export async function insertDockedGoods(
  trx: Db,
  siteId: number,
  values: {
    dir_id: number;
    name: string;
    type: 'manual' | 'recharge';
    description: string;
    images: string[];
    price: number;
    cost: number;
    face_value: number;
    stock: number | null;
    min_quantity: number;
    max_quantity: number;
    recharge_template: string;
    on_sale: boolean;
  },
  now: number,
): Promise<number> {
  const row = await trx
    .insertInto('goods')
    .values({
      site_id: siteId,
      owner_user_id: null,
      dir_id: values.dir_id,
      brand_id: null,
      name: values.name,
      images: JSON.stringify(values.images),
      description: sanitizeDescription(values.description),
      type: values.type,
      face_value: values.face_value,
      price: values.price,
      cost: values.cost,
      stock: values.stock,
      sold_count: 0,
      recharge_template: values.recharge_template,
      min_quantity: values.min_quantity,
      max_quantity: values.max_quantity,
      multiple: 1,
      per_user_limit: 0,
      visitor_allowed: 1,
      contact_type: 'any',
      status: values.on_sale ? 'on_sale' : 'paused',
      sort: 0,
      hot: 0,
      recommended: 0,
      loop_card: 0,
      allow_repeal: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Goods rows by id (docking reads its docked goods in bulk for syncs and lists). */
export async function goodsRowsByIds(db: Db, ids: readonly number[]): Promise<Map<number, GoodsRow>> {
  const out = new Map<number, GoodsRow>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('goods')
      .selectAll()
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const r of rows) out.set(r.id, r);
  }
  return out;
}

/**
 * Deletes a docked goods nobody ordered (the caller checked: goods named by an order are never
 * deleted) with its level prices, tiers, change log and favourites, in the caller's transaction.
 */
export async function deleteUnorderedGoods(trx: Db, goodsId: number): Promise<void> {
  await trx.deleteFrom('goods_prices').where('goods_id', '=', goodsId).execute();
  await trx.deleteFrom('goods_wholesale').where('goods_id', '=', goodsId).execute();
  await trx.deleteFrom('goods_logs').where('goods_id', '=', goodsId).execute();
  await trx.deleteFrom('favorites').where('goods_id', '=', goodsId).execute();
  await trx.deleteFrom('goods').where('id', '=', goodsId).execute();
}
