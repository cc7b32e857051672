import { moveStatus, statusUpdate } from '../../core/fsm.js';
import { dialectOf, type Db } from '../../core/db/connect.js';
import type { OrderHolds } from '../../core/holds.js';
import { repealMachine } from './card-machine.js';

/**
 * Card void requests (撤销/repeal) live on the delivered-card rows stock owns (`order_cards`).
 * Orders decides who may ask and what is refunded; these are the reads and moves of the rows.
 */

/** The delivered cards of one order among `linkIds`, with their void state. */
export function repealLinks(db: Db, orderId: number, linkIds: number[]) {
  return db
    .selectFrom('order_cards')
    .select(['id', 'card_id', 'repeal_status'])
    .where('order_id', '=', orderId)
    .where('id', 'in', linkIds)
    .execute();
}

/**
 * Asks to void those cards (again after a refusal); answers how many moved. With `holds`, the move
 * itself refuses an order held by an open complaint (decision 0011), so a complaint filed meanwhile wins.
 */
export async function requestRepeal(
  db: Db,
  orderId: number,
  linkIds: number[],
  reason: string,
  now: number,
  holds?: OrderHolds,
) {
  const update = statusUpdate(db, repealMachine, ['none', 'rejected'], 'requested', {
    repeal_reason: reason,
    repeal_requested_at: now,
    repeal_note: null,
  })
    .where('order_id', '=', orderId)
    .where('id', 'in', linkIds);
  const res = await (holds ? holds.whereNotHeld(db, update, 'order_id') : update).executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/**
 * Locks an order's delivered-card rows until the transaction ends (PostgreSQL; SQLite runs one
 * writer at a time). A void request and a complaint on the same order both take this lock before
 * they look at each other, so of two racing, the second sees the first (decision 0011).
 */
export async function lockOrderCards(trx: Db, orderId: number): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return;
  await trx.selectFrom('order_cards').select('id').where('order_id', '=', orderId).forUpdate().execute();
}

/** One delivered card's void state. */
export function repealLink(db: Db, linkId: number) {
  return db
    .selectFrom('order_cards')
    .select(['id', 'order_id', 'card_id', 'repeal_status'])
    .where('id', '=', linkId)
    .executeTakeFirst();
}

/** Staff decide a requested void; false when another decision came first. */
export function decideRepeal(
  db: Db,
  linkId: number,
  to: 'approved' | 'rejected',
  note: string | undefined,
  now: number,
) {
  return moveStatus(db, repealMachine, linkId, 'requested', to, {
    repeal_note: note ?? null,
    repeal_handled_at: now,
  });
}

/**
 * Delivered cards with their void state and sealed card text, as a subquery under the caller's
 * alias: orders lists a member's or a site's void requests joined with its orders in one statement.
 */
export function repealRowsTable<A extends string>(db: Db, alias: A) {
  return db
    .selectFrom('order_cards')
    .innerJoin('cards', 'cards.id', 'order_cards.card_id')
    .select([
      'order_cards.id',
      'order_cards.order_id',
      'cards.secret',
      'order_cards.repeal_status',
      'order_cards.repeal_reason',
      'order_cards.repeal_note',
      'order_cards.repeal_requested_at',
      'order_cards.repeal_handled_at',
    ])
    .as(alias);
}

/**
 * True when a void of one of the order's cards is requested or approved: a complaint on the order is
 * refused then, so a void and a complaint never both refund (decision 0011).
 */
export async function hasLiveRepeal(db: Db, orderId: number): Promise<boolean> {
  const row = await db
    .selectFrom('order_cards')
    .select('id')
    .where('order_id', '=', orderId)
    .where('repeal_status', 'in', ['requested', 'approved'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
