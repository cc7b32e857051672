import { DASHBOARD_LOW_STOCK } from '@kapu/contract';
import type { Db } from '../../core/db/connect.js';
import { isWanted, publishEvent } from '../../core/events.js';
import { lockForTransaction } from '../../core/db/transaction-lock.js';
import { prepared } from '../../core/db/prepared.js';

/** Available cards a goods may fall to before it counts as low (the dashboard's list uses the same). */
export const LOW_STOCK_AT = DASHBOARD_LOW_STOCK;

/**
 * Available cards of a goods, counted up to `cap` (enough to tell a crossing; cheap on a full
 * shelf). Built once (core/db/prepared.ts): it runs on every card sale.
 */
const availableUpTo = prepared((db: Db, goodsId: number, cap: number) =>
  db
    .selectFrom((qb) =>
      qb
        .selectFrom('cards')
        .select('id')
        .where('goods_id', '=', goodsId)
        .where('status', '=', 'available')
        // From the newest: sales take the oldest, whose index entries PostgreSQL keeps until VACUUM.
        .orderBy('id', 'desc')
        .limit(cap)
        .as('s'),
    )
    .select((eb) => eb.fn.countAll<string | number>().as('n')),
);
const countUpTo = async (trx: Db, goodsId: number, cap: number) =>
  Number((await availableUpTo.first(trx, goodsId, cap))?.n ?? 0);

/**
 * Whether a take should count what it left (SQLite counts in the take itself): only while someone
 * listens to stock.low. Nobody does by default; staff robots and goods pushes do once configured.
 */
export const stockLowWanted = (): boolean => isWanted('stock.low');

/**
 * Called in the transaction that took `taken` available cards of a goods (reserved or sold):
 * publishes stock.low when this took the count from above the threshold to at or below it —
 * once per crossing, not for every order below it (a restock above the threshold arms it
 * again). On PostgreSQL a suspected crossing is re-counted under a per-goods transaction lock,
 * so two concurrent orders at the edge do not both report it.
 */
export async function noteCardsTaken(
  trx: Db,
  goods: { id: number; site_id: number; loop_card: number },
  taken: number,
  /** What the take itself counted as left (SQLite, stock.repo.ts), capped at LOW_STOCK_AT + 1. */
  left?: number,
): Promise<void> {
  // Nobody listening: nothing to count (the event would not be written either).
  if (goods.loop_card === 1 || taken <= 0 || !stockLowWanted()) return;
  const crossed = (n: number) => n <= LOW_STOCK_AT && n + taken > LOW_STOCK_AT;
  if (!crossed(left ?? (await countUpTo(trx, goods.id, LOW_STOCK_AT + 1)))) return;
  await lockForTransaction(trx, `stock-low:${goods.id}`);
  const available = await countUpTo(trx, goods.id, LOW_STOCK_AT + 1);
  if (!crossed(available)) return;
  await publishEvent(trx, 'stock.low', {
    goodsId: Number(goods.id),
    siteId: Number(goods.site_id),
    available,
    threshold: LOW_STOCK_AT,
  });
}

/** True when a goods has no available card now (read before an import, in its transaction). */
export async function soldOut(trx: Db, goodsId: number): Promise<boolean> {
  return (await countUpTo(trx, goodsId, 1)) === 0;
}

/**
 * Called in the transaction that added cards to a goods that had none available before it
 * (`soldOut` read earlier in the same transaction): publishes stock.restocked, so members who
 * asked to be told (到货提醒) hear of it once per crossing from 0.
 */
export async function noteRestocked(trx: Db, goods: { id: number; site_id: number }, added: number): Promise<void> {
  if (added <= 0) return;
  // It had none before: what was added is what there is.
  await publishEvent(trx, 'stock.restocked', {
    goodsId: Number(goods.id),
    siteId: Number(goods.site_id),
    available: added,
  });
}
