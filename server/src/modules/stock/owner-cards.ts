import type { Db } from '../../core/db/connect.js';
import { statusUpdate } from '../../core/fsm.js';
import { fetchPage } from '../../core/paging.js';
import type { SecretBox } from '../../core/secret-box.js';
import type { CardsTable } from './tables.js';
import { cardMachine } from './card-machine.js';

/**
 * A supplier's own cards (cards.owner_user_id, decision 0011): the supplier module lists, voids and
 * exports them through these, never another owner's.
 */
export interface OwnerCardFilter {
  goodsId?: number;
  status?: CardsTable['status'];
}

/** A page of the owner's cards, newest first, secrets still sealed (the caller opens or masks them). */
export function ownerCardsPage(db: Db, ownerId: number, f: OwnerCardFilter, page: { page: number; pageSize: number }) {
  let q = db.selectFrom('cards').where('owner_user_id', '=', ownerId);
  if (f.goodsId) q = q.where('goods_id', '=', f.goodsId);
  if (f.status) q = q.where('status', '=', f.status);
  return fetchPage(
    q.select(['id', 'goods_id', 'batch_id', 'secret', 'status', 'sold_at', 'created_at']).orderBy('id', 'desc'),
    page,
  );
}

/** Voids the owner's unsold (available) cards among `ids`; answers how many. Cards reserved or sold stay. */
export async function voidOwnerCards(db: Db, ownerId: number, ids: readonly number[]): Promise<number> {
  let voided = 0;
  for (let i = 0; i < ids.length; i += 1000) {
    const res = await statusUpdate(db, cardMachine, 'available', 'void')
      .where('owner_user_id', '=', ownerId)
      .where('id', 'in', ids.slice(i, i + 1000))
      .executeTakeFirst();
    voided += Number(res.numUpdatedRows);
  }
  return voided;
}

/** The owner's unsold cards (one goods or all), opened, oldest first, at most `max`. */
export async function unsoldCardsOfOwner(
  db: Db,
  box: SecretBox,
  ownerId: number,
  goodsId: number | undefined,
  max: number,
): Promise<Array<{ goodsId: number; card: string; createdAt: number }>> {
  let q = db
    .selectFrom('cards')
    .select(['goods_id', 'secret', 'created_at'])
    .where('owner_user_id', '=', ownerId)
    .where('status', '=', 'available');
  if (goodsId) q = q.where('goods_id', '=', goodsId);
  const rows = await q.orderBy('id').limit(max).execute();
  return rows.map((r) => ({ goodsId: r.goods_id, card: box.open(r.secret), createdAt: r.created_at }));
}
