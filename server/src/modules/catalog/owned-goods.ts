import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../core/db/connect.js';
import type { GoodsTable } from '../../core/db/schema.js';
import { moveStatus } from '../../core/fsm.js';
import { fenToYuan } from '../../core/money.js';
import { catalogRepo as repo, type GoodsRow } from './catalog.repo.js';
import { goodsMachine } from './goods-machine.js';
import { sanitizeDescription } from './catalog.service.js';

/**
 * Goods owned by a supplier (goods.owner_user_id, decision 0011). The supply module creates and
 * edits them through these; they live on the platform's catalogue (site 1) and are sold like any
 * goods, through the price chain. `cost` is what the supplier is paid per unit.
 */
export type OwnedGoodsValues = Pick<
  Insertable<GoodsTable>,
  | 'dir_id'
  | 'name'
  | 'type'
  | 'cost'
  | 'face_value'
  | 'stock'
  | 'description'
  | 'recharge_template'
  | 'min_quantity'
  | 'max_quantity'
  | 'contact_type'
>;

/** Whether the platform's catalogue has this directory. */
export async function platformDirExists(db: Db, platformSiteId: number, dirId: number): Promise<boolean> {
  return !!(await repo.dir(db, platformSiteId, dirId));
}

/** A new supplier goods, off the shelf (paused) until the platform approves it; price = cost until then. */
export async function insertOwnedGoods(
  trx: Db,
  platformSiteId: number,
  ownerId: number,
  values: OwnedGoodsValues,
  now: number,
): Promise<number> {
  const row = await trx
    .insertInto('goods')
    .values({
      ...values,
      description: sanitizeDescription(values.description ?? ''),
      site_id: platformSiteId,
      owner_user_id: ownerId,
      brand_id: null,
      images: '[]',
      price: values.cost ?? 0,
      sold_count: 0,
      multiple: 1,
      per_user_limit: 0,
      visitor_allowed: 1,
      status: 'paused',
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

/** The owner's goods by id, or undefined (someone else's goods look missing). */
export function ownedGoods(db: Db, ownerId: number, goodsId: number): Promise<GoodsRow | undefined> {
  return db
    .selectFrom('goods')
    .selectAll()
    .where('id', '=', goodsId)
    .where('owner_user_id', '=', ownerId)
    .executeTakeFirst();
}

/** The owner's goods, newest first, as a query the caller filters and pages. */
export function ownedGoodsQuery(db: Db, ownerId: number) {
  return db.selectFrom('goods').selectAll().where('owner_user_id', '=', ownerId);
}

/** Ids of the owner's goods as a subquery (lists filtered to them in one statement). */
export function goodsIdsOfOwner(db: Db, ownerId: number) {
  return db.selectFrom('goods').select('id').where('owner_user_id', '=', ownerId);
}

/** How many goods each owner has. */
export async function goodsCountOfOwners(db: Db, ownerIds: readonly number[]): Promise<Map<number, number>> {
  if (ownerIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('goods')
    .select(['owner_user_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('owner_user_id', 'in', [...ownerIds])
    .groupBy('owner_user_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.owner_user_id), Number(r.n)]));
}

/** Edits of fields that need no review (everything but cost rises and the shelf); logs price/stock changes. */
export async function updateOwnedGoods(
  trx: Db,
  before: GoodsRow,
  set: Omit<Updateable<GoodsTable>, 'id' | 'status' | 'owner_user_id' | 'site_id'>,
  now: number,
): Promise<void> {
  const values = { ...set };
  if (values.description !== undefined) values.description = sanitizeDescription(values.description);
  // updated_at versions the goods' price rules (pricing cache): it moves on every save.
  await trx
    .updateTable('goods')
    .set({ ...values, updated_at: Math.max(now, before.updated_at + 1) })
    .where('id', '=', before.id)
    .execute();
  if (set.price !== undefined && set.price !== before.price)
    await repo.writeLog(trx, before.id, 'price', fenToYuan(before.price), fenToYuan(set.price), now);
  if (set.stock !== undefined && set.stock !== before.stock)
    await repo.writeLog(trx, before.id, 'stock', String(before.stock ?? '不限'), String(set.stock ?? '不限'), now);
}

/** Puts goods on or off the shelf (the goods machine); false when another writer moved it first. */
export async function moveOwnedGoodsStatus(
  trx: Db,
  goods: Pick<GoodsRow, 'id' | 'status'>,
  to: GoodsRow['status'],
  now: number,
): Promise<boolean> {
  if (goods.status === to) return true;
  const moved = await moveStatus(trx, goodsMachine, goods.id, goods.status, to, { updated_at: now });
  if (moved) await repo.writeLog(trx, goods.id, 'status', goods.status, to, now);
  return moved;
}
