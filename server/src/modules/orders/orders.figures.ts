import { sql } from 'kysely';
import { DASHBOARD_TREND_DAYS, type DashboardPeriod } from '@kapu/contract';
import type { Db } from '../../core/db/connect.js';
import { repealRowsTable } from '../stock/index.js';

const DAY = 86_400_000;
const TOP_GOODS = 8;

/** Orders that took money and still hold some of it: the base of every sales figure. */
const SOLD = ['paid', 'pending', 'shipped', 'delivered', 'refund_due', 'refunded'] as const;
/** Fully refunded orders cost nothing any more (count stock came back; voided cards are written off). */
const KEPT = ['paid', 'pending', 'shipped', 'delivered'] as const;

const n = (v: unknown) => Number(v ?? 0);

/**
 * Sales, orders, cost and profit for today, 7 and 30 days in one pass over the last 30 days'
 * paid orders (conditional sums), so the widget costs one indexed range scan.
 */
export async function salesPeriods(db: Db, siteId: number, today: number): Promise<DashboardPeriod[]> {
  const starts = { today, week: today - 6 * DAY, month: today - 29 * DAY } as const;
  const since = (from: number) => sql`case when paid_at >= ${from} then 1 else 0 end`;
  const row = await db
    .selectFrom('orders')
    .where('site_id', '=', siteId)
    .where('paid_at', '>=', starts.month)
    .where('status', 'in', SOLD)
    .select(() =>
      (Object.entries(starts) as [keyof typeof starts, number][]).flatMap(([key, from]) => [
        sql<string>`sum(${since(from)})`.as(`${key}_orders`),
        sql<string>`sum(${since(from)} * (paid_amount - refund_amount))`.as(`${key}_sales`),
        sql<string>`sum(case when status in (${sql.join(KEPT)}) then ${since(from)} * unit_cost * quantity else 0 end)`.as(
          `${key}_cost`,
        ),
      ]),
    )
    .executeTakeFirstOrThrow();
  const r = row as Record<string, unknown>;
  return (Object.keys(starts) as (keyof typeof starts)[]).map((key) => {
    const sales = n(r[`${key}_sales`]);
    const cost = n(r[`${key}_cost`]);
    return { key, orders: n(r[`${key}_orders`]), sales, cost, profit: sales - cost };
  });
}

/** Daily sales, orders and profit of the last DASHBOARD_TREND_DAYS days, grouped in SQL. */
export async function salesTrend(db: Db, siteId: number, today: number) {
  const from = today - (DASHBOARD_TREND_DAYS - 1) * DAY;
  // Day index from the first day's local midnight: integer division on both SQLite and PostgreSQL.
  // Literals (computed integers), so PostgreSQL sees the same expression in SELECT and GROUP BY.
  const day = sql<number>`cast((paid_at - ${sql.lit(from)}) / ${sql.lit(DAY)} as integer)`;
  const rows = await db
    .selectFrom('orders')
    .where('site_id', '=', siteId)
    .where('paid_at', '>=', from)
    .where('status', 'in', SOLD)
    .select([
      day.as('day'),
      sql<string>`count(*)`.as('orders'),
      sql<string>`sum(paid_amount - refund_amount)`.as('sales'),
      sql<string>`sum(case when status in (${sql.join(KEPT)}) then unit_cost * quantity else 0 end)`.as('cost'),
    ])
    .groupBy(day)
    .execute();
  const byDay = new Map(rows.map((r) => [n(r.day), r]));
  return Array.from({ length: DASHBOARD_TREND_DAYS }, (_, i) => {
    const r = byDay.get(i);
    const sales = n(r?.sales);
    return { day: from + i * DAY, orders: n(r?.orders), sales, profit: sales - n(r?.cost) };
  });
}

/** Best sellers of the last 30 days by money kept. */
export async function bestSellers(db: Db, siteId: number, today: number) {
  const rows = await db
    .selectFrom('orders')
    .where('site_id', '=', siteId)
    .where('paid_at', '>=', today - 29 * DAY)
    .where('status', 'in', SOLD)
    .groupBy(['goods_id', 'goods_name'])
    .select([
      'goods_id',
      'goods_name',
      sql<string>`sum(quantity)`.as('quantity'),
      sql<string>`sum(paid_amount - refund_amount)`.as('sales'),
    ])
    .orderBy(sql`sum(paid_amount - refund_amount)`, 'desc')
    .limit(TOP_GOODS)
    .execute();
  return rows.map((r) => ({ goodsId: r.goods_id, name: r.goods_name, quantity: n(r.quantity), sales: n(r.sales) }));
}

/** Paid orders waiting for manual delivery: a count query for the dashboard's one-statement queues. */
export function toDeliverCount(db: Db, siteId: number) {
  return db
    .selectFrom('orders')
    .where('site_id', '=', siteId)
    .where('status', '=', 'pending')
    .select(sql<string>`count(*)`.as('n'));
}

/** Card voids members asked for and staff have not decided (a count query, as above). */
export function requestedRepealsCount(db: Db, siteId: number) {
  return db
    .selectFrom('orders')
    .innerJoin(repealRowsTable(db, 'oc'), 'oc.order_id', 'orders.id')
    .where('orders.site_id', '=', siteId)
    .where('oc.repeal_status', '=', 'requested')
    .select(sql<string>`count(*)`.as('n'));
}

/** Goods with orders paid since `since`: the sales-count job refreshes only those. */
export async function goodsPaidSince(db: Db, since: number): Promise<number[]> {
  const rows = await db.selectFrom('orders').select('goods_id').distinct().where('paid_at', '>=', since).execute();
  return rows.map((r) => r.goods_id);
}

/**
 * The paid quantity of the goods whose id is in the outer query's `goods.id`, as a correlated
 * subquery: catalog sets its sales counters with it in one UPDATE.
 */
export function paidQuantityOfGoods(db: Db) {
  return db
    .selectFrom('orders')
    .select(sql<number>`coalesce(sum(orders.quantity), 0)`.as('n'))
    .where('orders.goods_id', '=', sql.ref<number>('goods.id'))
    .where('orders.paid_at', 'is not', null);
}

/** Goods the member has ordered, as a subquery (catalog shows the changes of goods one bought). */
export function goodsBoughtBy(db: Db, userId: number) {
  return db.selectFrom('orders').select('goods_id').where('user_id', '=', userId);
}

/** Paid orders and the money kept from them, per group key (a customer, a site). */
type Sold = { orders: number; sales: number };
const soldColumns = [
  sql<string>`count(*)`.as('orders'),
  sql<string>`sum(paid_amount - refund_amount)`.as('sales'),
] as const;

/** What each of the given members bought on a site: paid orders and the money kept (a site's customer list). */
export async function spendOfCustomers(db: Db, siteId: number, userIds: readonly number[]): Promise<Map<number, Sold>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('orders')
    .where('site_id', '=', siteId)
    .where('user_id', 'in', [...userIds])
    .where('status', 'in', SOLD)
    .groupBy('user_id')
    .select(['user_id', ...soldColumns])
    .execute();
  return new Map(rows.map((r) => [Number(r.user_id), { orders: n(r.orders), sales: n(r.sales) }]));
}

/** Paid orders placed on each of the given sites and the money kept from them (a parent's list of its children). */
export async function salesOfSites(db: Db, siteIds: readonly number[]): Promise<Map<number, Sold>> {
  if (siteIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('orders')
    .where('site_id', 'in', [...siteIds])
    .where('status', 'in', SOLD)
    .groupBy('site_id')
    .select(['site_id', ...soldColumns])
    .execute();
  return new Map(rows.map((r) => [Number(r.site_id), { orders: n(r.orders), sales: n(r.sales) }]));
}

/** Which site each order was placed on (`id`, `site_id`), as a subquery for owners that group their rows by it. */
export function orderSitesTable(db: Db) {
  return db.selectFrom('orders').select(['id', 'site_id']);
}
