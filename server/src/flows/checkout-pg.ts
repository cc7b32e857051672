import { sql, type Insertable } from 'kysely';
import type { Db } from '../core/db/connect.js';
import { columnTypes } from '../core/db/insert-many.js';
import { preparedStatement } from '../core/db/prepared.js';
import type { OrdersTable } from '../core/db/schema.js';
import { businessError } from '../core/errors.js';
import { wantedTypes, type EventType } from '../core/events.js';
import { orderDelivered, orderPaid, type OrderRow } from '../modules/orders/index.js';
import { cardMachine, LOW_STOCK_AT, type OrderCardRow } from '../modules/stock/index.js';

// The one-statement path below sells available cards in its CTE (no round trip for the writer);
// the move is still a declared one.
cardMachine.assert('available', 'sold');

/** The ledger memo of a purchase (both checkout paths). */
export const purchaseMemo = (order: { goods_name: string; quantity: number }) =>
  `购买 ${order.goods_name} × ${order.quantity}`;

/**
 * A member's card order paid from the balance, on PostgreSQL, in one round trip: one
 * statement, its own transaction. The transaction path (buyWithBalance in checkout.ts) needs
 * seven (five statements between BEGIN and COMMIT), and on PostgreSQL each round trip costs
 * both processes a wake-up: with two app processes on two cores they were most of a
 * checkout's cost (docs/benchmarks.md).
 *
 * The statement does what buyWithBalance does, with the same rules (docs/decisions/0005):
 * take `quantity` available cards with FOR UPDATE SKIP LOCKED (concurrent buyers pick
 * different cards, never the same one); debit the balance only when there were enough cards
 * and only if it covers the amount (row lock + re-check: no overdraw); insert the order,
 * already delivered, only when the debit happened; sell and link the cards, write the ledger
 * row with the balance after, and write the events order.paid and order.delivered (the
 * delivery mail consumes the latter) and stock.low when this sale took the goods' available
 * cards to the threshold (counted in the statement's snapshot: two statements racing at the
 * very edge may both report it, where the transaction path re-counts under a lock; counted only
 * when someone listens to stock.low). Of the events, only those someone wants are written. Every
 * write hangs on the debit, so when stock or balance is short the statement writes nothing:
 * no order, no charge, no event. Callers keep the transaction path for loop cards and
 * non-card goods. The statement's text is built once per set of order columns and wanted events
 * (`checkoutStatement`).
 */
export async function buyCardsWithBalancePg(
  db: Db,
  row: Insertable<OrdersTable>,
  userId: number,
): Promise<{ order: OrderRow; cards: OrderCardRow[] }> {
  const values = row as Record<string, unknown>;
  // As in an insert through Kysely, a key whose value is undefined is not a column of the order.
  const columns = Object.keys(values).filter((c) => values[c] !== undefined);
  const types = await columnTypes(db, 'orders');
  // Which of its events someone wants, judged on their payloads as the statement will write them (the
  // id is the statement's to assign; consumers judge by kinds and parties, never by ids). A card order's
  // order.paid is wanted by nobody (the buyer hears of the delivery): not written.
  // Only the facts the events carry, written out: a spread of the row with a key it lacks (id) would make
  // a new hidden class on every call (core/objects.ts).
  const draft = {
    id: 0,
    order_no: row.order_no,
    site_id: row.site_id,
    user_id: userId,
    goods_id: row.goods_id,
    goods_type: row.goods_type,
    goods_name: row.goods_name,
    quantity: row.quantity,
    amount: row.amount,
  };
  const wanted = wantedTypes([
    orderPaid(draft, 'balance', true),
    orderDelivered(draft, 'cards'),
    { type: 'stock.low' },
  ]);
  // The low-stock count is only made when someone listens to stock.low (staff robots, goods pushes).
  const lowStock = wanted.includes('stock.low');
  const named: Record<Named, unknown> = {
    goodsId: row.goods_id,
    quantity: row.quantity,
    userId,
    amount: row.amount,
    debit: -row.amount,
    now: row.created_at,
    orderNo: row.order_no,
    memo: purchaseMemo(row).slice(0, 200),
  };
  const bound = [...NAMED.map((n) => named[n]), ...columns.map((c) => values[c])];
  if (lowStock) bound.push(LOW_STOCK_AT + row.quantity + 1);
  const shape = { key: `${columns.join(',')}|${wanted.join(',')}`, columns, types, wanted };
  const result = await checkoutStatement(db, shape, bound);
  const answer = result.rows[0]!;
  if (!answer.stock_ok) throw businessError('STOCK_INSUFFICIENT');
  if (!answer.debited) throw businessError('BALANCE_INSUFFICIENT');
  return { order: answer.order, cards: answer.cards };
}

/**
 * The statement's values by name; the order row's columns follow them, then (counting the shelf for
 * stock.low) how far to count.
 */
const NAMED = ['goodsId', 'quantity', 'userId', 'amount', 'debit', 'now', 'orderNo', 'memo'] as const;
type Named = (typeof NAMED)[number];
/**
 * The order's columns and their types (for the casts), and the events someone wants: the statement
 * writes those only (when stock.low is among them, it counts the shelf).
 */
type CheckoutShape = { key: string; columns: string[]; types: Map<string, string>; wanted: EventType[] };

const checkoutStatement = preparedStatement<
  CheckoutShape,
  { stock_ok: boolean; debited: boolean; order: OrderRow; cards: OrderCardRow[] }
>((values, { columns, types, wanted }) => {
  const lowStock = wanted.includes('stock.low');
  const a = Object.fromEntries(NAMED.map((name, i) => [name, values[i]])) as Record<Named, unknown>;
  const shelfLimit = values[NAMED.length + columns.length];
  // In INSERT … SELECT, PostgreSQL reads untyped parameters as text: each gets its column's type.
  const typed = columns.map((c, i) => sql`${values[NAMED.length + i]}::${sql.raw(types.get(c) ?? 'text')}`);
  // Only the events someone wants are in the statement (core/events.ts isWanted), each a row of `ord`.
  const events = [
    wanted.includes('order.paid') &&
      sql`select 'order.paid', json_build_object('orderId', ord.id, 'orderNo', ord.order_no, 'siteId', ord.site_id,
          'userId', ord.user_id, 'goodsId', ord.goods_id, 'goodsType', ord.goods_type, 'goodsName', ord.goods_name,
          'quantity', ord.quantity, 'amount', ord.amount, 'method', 'balance', 'deliveredNow', true)::text,
        ${a.now}::bigint, null::bigint
      from ord`,
    wanted.includes('order.delivered') &&
      sql`select 'order.delivered', json_build_object('orderId', ord.id, 'orderNo', ord.order_no, 'siteId', ord.site_id,
          'userId', ord.user_id, 'goodsId', ord.goods_id, 'goodsType', ord.goods_type, 'goodsName', ord.goods_name,
          'quantity', ord.quantity, 'by', 'cards', 'invited', (select invited from debit))::text,
        ${a.now}::bigint, null::bigint
      from ord`,
    wanted.includes('stock.low') &&
      sql`select 'stock.low', json_build_object('goodsId', ord.goods_id, 'siteId', ord.site_id,
          'available', shelf.n - ord.quantity, 'threshold', ${LOW_STOCK_AT}::int)::text, ${a.now}::bigint, null::bigint
      from ord, shelf
      where shelf.n > ${LOW_STOCK_AT}::int and shelf.n - ord.quantity <= ${LOW_STOCK_AT}::int`,
  ].filter((e) => e !== false);
  return sql`
    with picked as (
      select id from cards
      where goods_id = ${a.goodsId} and status = 'available'
      order by id limit ${a.quantity}
      for update skip locked
    ), stock as (
      select count(*) = ${a.quantity} as ok from picked
    )${
      lowStock
        ? sql`, shelf as (
      -- Available cards before this sale, counted only as far as telling a low-stock crossing needs.
      -- Counted from the newest: sales take the oldest, and their index entries stay until VACUUM, so a
      -- count from the oldest stepped over every card sold since (a quarter of the statement's time).
      select count(*) as n from (
        select 1 from cards where goods_id = ${a.goodsId} and status = 'available'
        order by id desc limit ${shelfLimit}
      ) s
    )`
        : sql``
    }, debit as (
      update users set balance = balance - ${a.amount}
      where id = ${a.userId} and balance >= ${a.amount} and (select ok from stock)
      returning balance, inviter_id is not null as invited
    ), ord as (
      insert into orders (${sql.join(columns.map((c) => sql.ref(c)))})
      select ${sql.join(typed)} from debit
      returning *
    ), sold as (
      update cards set status = 'sold', order_id = (select id from ord), sold_at = ${a.now}, reserved_until = null
      where id in (select id from picked) and exists (select 1 from ord)
      returning id, secret, status
    ), links as (
      insert into order_cards (order_id, card_id)
      select (select id from ord), sold.id from sold order by sold.id
      returning id, card_id, repeal_status, repeal_reason, repeal_note
    ), ledger as (
      insert into ledger_entries (user_id, type, amount, balance_after, ref_type, ref_id, memo, operator, created_at)
      select ${a.userId}::bigint, 'order_pay', ${a.debit}::bigint, balance, 'order', ${a.orderNo}::text,
        ${a.memo}::text, '', ${a.now}::bigint
      from debit where exists (select 1 from ord)
    )${
      events.length > 0
        ? sql`, events as (
      insert into domain_events (type, payload, created_at, dispatched_at)
      ${sql.join(
        events,
        sql`
      union all
      `,
      )}
    )`
        : sql``
    }
    -- Parameters in INSERT … SELECT lists carry casts: PostgreSQL would read them as text.
    select
      (select ok from stock) as stock_ok,
      exists (select 1 from debit) as debited,
      (select row_to_json(ord) from ord) as "order",
      (select coalesce(json_agg(json_build_object(
          'link_id', links.id, 'id', sold.id, 'secret', sold.secret, 'status', sold.status,
          'repeal_status', links.repeal_status, 'repeal_reason', links.repeal_reason, 'repeal_note', links.repeal_note
        ) order by links.id), '[]'::json)
        from links join sold on sold.id = links.card_id) as cards
  `;
});
