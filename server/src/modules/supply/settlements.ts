import { sql } from 'kysely';
import type { Db } from '../../core/db/connect.js';
import { moveStatus, statusUpdate } from '../../core/fsm.js';
import { publishEvent, publishEvents } from '../../core/events.js';
import type { OrderHolds } from '../../core/holds.js';
import { clawBack, creditBalances } from '../funds/index.js';
import { availableCardCounts } from '../stock/index.js';
import type { OrderRow } from '../orders/index.js';
import { settlementMachine } from './machines.js';
import { reversedFor, settlementOf } from './settlement-math.js';

const DAY = 86_400_000;

/** The supplier's terms and alerts, by user id (any status: what was sold before a suspension is still paid). */
function supplierOf(db: Db, userId: number) {
  return db
    .selectFrom('suppliers')
    .select(['commission_bp', 'hold_days', 'stock_alerts'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The low-stock threshold the supplier set for a goods (0: none). */
export function alertOf(stockAlerts: string, goodsId: number): number {
  try {
    const v = (JSON.parse(stockAlerts) as Record<string, unknown>)[String(goodsId)];
    return typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : 0;
  } catch {
    return 0;
  }
}

/**
 * In the transaction that delivers an order of a supplier's goods (cards sold at checkout or on payment,
 * staff's or the supplier's hand delivery): one settlement entry, cost × quantity less the commission,
 * frozen until delivery + hold days. Idempotent per order (unique order_id). A card sale that takes the
 * goods' available cards to or under the supplier's alert tells them (`supply.stockLow`, once per crossing).
 */
export async function writeSettlement(trx: Db, order: OrderRow, now: number): Promise<void> {
  if (order.goods_owner_id === null) return;
  const supplier = await supplierOf(trx, order.goods_owner_id);
  if (!supplier) return;
  const { cost, commission, amount } = settlementOf(order.unit_cost, order.quantity, supplier.commission_bp);
  if (amount > 0)
    await trx
      .insertInto('supply_settlements')
      .values({
        order_id: order.id,
        order_no: order.order_no,
        user_id: order.goods_owner_id,
        goods_name: order.goods_name.slice(0, 100),
        quantity: order.quantity,
        cost,
        commission_bp: supplier.commission_bp,
        commission,
        amount,
        reversed_amount: 0,
        status: 'frozen',
        due_at: now + supplier.hold_days * DAY,
        released_at: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('order_id').doNothing())
      .execute();
  if (order.goods_type !== 'card') return;
  const threshold = alertOf(supplier.stock_alerts, order.goods_id);
  if (threshold === 0) return;
  const available = (await availableCardCounts(trx, [order.goods_id])).get(order.goods_id) ?? 0;
  if (available <= threshold && available + order.quantity > threshold)
    await publishEvent(
      trx,
      'supply.stockLow',
      {
        goodsId: order.goods_id,
        goodsName: order.goods_name,
        userId: order.goods_owner_id,
        available,
        threshold,
      },
      now,
    );
}

function entryOf(db: Db, orderId: number) {
  return db
    .selectFrom('supply_settlements')
    .select(['id', 'user_id', 'order_no', 'amount', 'reversed_amount', 'status'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

/**
 * In a refund's transaction: the entry gives back its share of what the buyer got back so far
 * (`refundedTotal` of the order's paid amount; all of it when `whole`). A frozen entry keeps less; a
 * released one is clawed back from the balance (which may go below zero). The frozen path is a
 * conditional update: when the release job moved the entry first, the refund takes the released path,
 * so a refund and a release never both pay.
 */
export async function reverseSettlement(
  trx: Db,
  order: Pick<OrderRow, 'id' | 'paid_amount'>,
  refundedTotal: number,
  whole: boolean,
  now: number,
): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const e = await entryOf(trx, order.id);
    if (!e || e.status === 'reversed') return;
    const amount = Number(e.amount);
    const target = reversedFor(amount, refundedTotal, order.paid_amount, whole);
    const delta = target - Number(e.reversed_amount);
    if (delta <= 0) return;
    const full = target >= amount;
    const set = { reversed_amount: target, updated_at: now };
    const moved = full
      ? await moveStatus(trx, settlementMachine, e.id, e.status, 'reversed', set)
      : Number(
          (
            await trx
              .updateTable('supply_settlements')
              .set(set)
              .where('id', '=', e.id)
              .where('status', '=', e.status)
              .executeTakeFirst()
          ).numUpdatedRows,
        ) === 1;
    if (!moved) continue; // the release job moved it meanwhile: read it again, claw back
    if (e.status === 'released')
      await clawBack(trx, {
        userId: e.user_id,
        amount: delta,
        type: 'supply_reversal',
        refType: 'order',
        refId: e.order_no,
        memo: '订单退款，退回供货结算',
      });
    return;
  }
  throw new Error(`settlement of order ${order.id} kept moving`);
}

/**
 * The release job's step: due frozen entries (not held by an open complaint) move to released in one
 * conditional update per batch — holds composed into that very statement — and their money goes to the
 * balances with a ledger row each (`supply_settle`), in the same transaction. A second instance's
 * attempt finds 0 rows. Answers how many were due in the batch (the caller loops while it is full).
 */
export async function releaseDueSettlements(
  db: Db,
  holds: OrderHolds,
  now: number,
  limit = 2000,
): Promise<{ due: number; released: number }> {
  const due = await holds
    .whereNotHeld(
      db,
      db.selectFrom('supply_settlements').select('id').where('status', '=', 'frozen').where('due_at', '<=', now),
      'order_id',
    )
    .orderBy('due_at')
    .limit(limit)
    .execute();
  if (due.length === 0) return { due: 0, released: 0 };
  const released = await db.transaction().execute(async (trx) => {
    const moved = await holds
      .whereNotHeld(
        trx,
        statusUpdate(trx, settlementMachine, 'frozen', 'released', { released_at: now, updated_at: now })
          .where(
            'id',
            'in',
            due.map((d) => d.id),
          )
          .where('due_at', '<=', now),
        'order_id',
      )
      .returning(['id', 'user_id', 'order_no', 'amount', 'reversed_amount'])
      .execute();
    await creditBalances(
      trx,
      moved
        .map((e) => ({ e, left: Number(e.amount) - Number(e.reversed_amount) }))
        .filter(({ left }) => left > 0)
        .sort((a, b) => a.e.id - b.e.id)
        .map(({ e, left }) => ({
          userId: e.user_id,
          amount: left,
          type: 'supply_settle' as const,
          refType: 'order',
          refId: e.order_no,
          memo: '供货结算解冻入账',
        })),
    );
    // One message-worthy event per supplier and batch (not per entry: a backlog may release thousands).
    const bySupplier = new Map<number, { amount: number; entries: number }>();
    for (const e of moved) {
      const left = Number(e.amount) - Number(e.reversed_amount);
      const sum = bySupplier.get(e.user_id) ?? { amount: 0, entries: 0 };
      bySupplier.set(e.user_id, { amount: sum.amount + Math.max(left, 0), entries: sum.entries + 1 });
    }
    await publishEvents(
      trx,
      [...bySupplier].map(([userId, sum]) => ({ type: 'supply.settled' as const, payload: { userId, ...sum } })),
      now,
    );
    return moved.length;
  });
  return { due: due.length, released };
}

/** Runs the release until no full batch is left (a backlog after downtime); answers how many were released. */
export async function releaseAllDue(db: Db, holds: OrderHolds, now: number, batch = 2000): Promise<number> {
  let total = 0;
  for (;;) {
    const { due, released } = await releaseDueSettlements(db, holds, now, batch);
    total += released;
    if (due < batch) return total;
  }
}

/** Of these orders, the ones a hold (open complaint) keeps frozen. */
export async function heldAmong(db: Db, holds: OrderHolds, orderIds: readonly number[]): Promise<Set<number>> {
  if (orderIds.length === 0) return new Set();
  const free = await holds
    .whereNotHeld(
      db,
      db
        .selectFrom('supply_settlements')
        .select('order_id')
        .where('order_id', 'in', [...orderIds]),
      'order_id',
    )
    .execute();
  const freeIds = new Set(free.map((f) => Number(f.order_id)));
  return new Set(orderIds.filter((id) => !freeIds.has(id)));
}

const left = sql<number>`amount - reversed_amount`;

/** A supplier's settlement money by where it stands (what is left of each entry), and what refunds took. */
export async function settlementTotals(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return new Map<number, { frozen: number; released: number; reversed: number }>();
  const rows = await db
    .selectFrom('supply_settlements')
    .where('user_id', 'in', [...userIds])
    .select([
      'user_id',
      sql<string>`sum(case when status = 'frozen' then ${left} else 0 end)`.as('frozen'),
      sql<string>`sum(case when status = 'released' then ${left} else 0 end)`.as('released'),
      sql<string>`sum(reversed_amount)`.as('reversed'),
    ])
    .groupBy('user_id')
    .execute();
  return new Map(
    rows.map((r) => [
      Number(r.user_id),
      { frozen: Number(r.frozen ?? 0), released: Number(r.released ?? 0), reversed: Number(r.reversed ?? 0) },
    ]),
  );
}

/** Per day (from a local midnight, `days` days), what is left of the entries written that day by status, and what refunds took. */
export async function settlementDays(db: Db, userId: number, from: number, days: number) {
  // Literals (computed integers), so PostgreSQL sees the same expression in SELECT and GROUP BY.
  const day = sql<number>`cast((created_at - ${sql.lit(from)}) / ${sql.lit(DAY)} as integer)`;
  const rows = await db
    .selectFrom('supply_settlements')
    .where('user_id', '=', userId)
    .where('created_at', '>=', from)
    .select([
      day.as('day'),
      sql<string>`sum(case when status = 'frozen' then ${left} else 0 end)`.as('frozen'),
      sql<string>`sum(case when status = 'released' then ${left} else 0 end)`.as('released'),
      sql<string>`sum(reversed_amount)`.as('reversed'),
    ])
    .groupBy(day)
    .execute();
  const byDay = new Map(rows.map((r) => [Number(r.day), r]));
  return Array.from({ length: days }, (_, i) => {
    const r = byDay.get(i);
    return {
      start: from + i * DAY,
      frozen: Number(r?.frozen ?? 0),
      released: Number(r?.released ?? 0),
      reversed: Number(r?.reversed ?? 0),
    };
  });
}
