import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import {
  DASHBOARD_LOW_STOCK,
  DASHBOARD_TREND_DAYS,
  type DashboardOverview,
  type DashboardPeriod,
} from '@kapu/contract';
import { defineCall } from '../../core/calls.js';
import { ADMIN_PREFIX } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';
import { startOfDay } from '../../core/time.js';
import type { Deps } from '../../deps.js';

const DAY = 86_400_000;
const TOP_GOODS = 8;
const LOW_STOCK_ROWS = 10;

/** Orders that took money and still hold some of it: the base of every sales figure. */
const SOLD = ['paid', 'pending', 'shipped', 'delivered', 'refund_due', 'refunded'] as const;
/** Fully refunded orders cost nothing any more (count stock came back; voided cards are written off). */
const KEPT = ['paid', 'pending', 'shipped', 'delivered'] as const;

const n = (v: unknown) => Number(v ?? 0);

/**
 * Sales, orders, cost and profit for today, 7 and 30 days in one pass over the last 30 days'
 * paid orders (conditional sums), so the widget costs one indexed range scan.
 */
async function periodFigures(db: Db, siteId: number, today: number): Promise<DashboardPeriod[]> {
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
async function dailyTrend(db: Db, siteId: number, today: number) {
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
async function topGoods(db: Db, siteId: number, today: number) {
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

/** Goods on sale that are about to run out: card goods by unsold cards, others by count stock. */
async function lowStock(db: Db, siteId: number) {
  const cards = db
    .selectFrom('cards')
    .where('status', '=', 'available')
    .groupBy('goods_id')
    .select(['goods_id', sql<string>`count(*)`.as('remaining')])
    .as('c');
  const left = sql<number>`case when g.type = 'card' then coalesce(c.remaining, 0) else g.stock end`;
  const rows = await db
    .selectFrom('goods as g')
    .leftJoin(cards, 'c.goods_id', 'g.id')
    .where('g.site_id', '=', siteId)
    .where('g.status', '=', 'on_sale')
    .where((eb) => eb.or([eb('g.type', '=', 'card'), eb('g.stock', 'is not', null)]))
    .where(left, '<=', DASHBOARD_LOW_STOCK)
    .select(['g.id', 'g.name', 'g.type', left.as('remaining')])
    .orderBy(left)
    .orderBy('g.id')
    .limit(LOW_STOCK_ROWS)
    .execute();
  return rows.map((r) => ({ goodsId: r.id, name: r.name, type: r.type, left: n(r.remaining) }));
}

/** The four queues staff work through, counted in one statement of scalar subqueries. */
async function pendingQueues(db: Db, siteId: number) {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('orders')
        .where('site_id', '=', siteId)
        .where('status', '=', 'pending')
        .select(sql<string>`count(*)`.as('n'))
        .as('toDeliver'),
      eb
        .selectFrom('withdrawals')
        .where('status', '=', 'pending')
        .select(sql<string>`count(*)`.as('n'))
        .as('withdrawals'),
      eb
        .selectFrom('order_cards')
        .innerJoin('orders', 'orders.id', 'order_cards.order_id')
        .where('orders.site_id', '=', siteId)
        .where('order_cards.repeal_status', '=', 'requested')
        .select(sql<string>`count(*)`.as('n'))
        .as('repeals'),
      eb
        .selectFrom('certifications')
        .where('status', '=', 'reviewing')
        .select(sql<string>`count(*)`.as('n'))
        .as('certify'),
    ])
    .executeTakeFirstOrThrow();
  return {
    toDeliver: n(row.toDeliver),
    withdrawals: n(row.withdrawals),
    repeals: n(row.repeals),
    certify: n(row.certify),
  };
}

async function accountCounts(db: Db, today: number) {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('users')
        .select(sql<string>`count(*)`.as('n'))
        .as('members'),
      eb
        .selectFrom('users')
        .where('created_at', '>=', today)
        .select(sql<string>`count(*)`.as('n'))
        .as('todayMembers'),
      eb
        .selectFrom('staff')
        .select(sql<string>`count(*)`.as('n'))
        .as('staff'),
      eb
        .selectFrom('sessions')
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', Date.now())
        .select(sql<string>`count(*)`.as('n'))
        .as('sessions'),
    ])
    .executeTakeFirstOrThrow();
  return {
    memberCount: n(row.members),
    todayMemberCount: n(row.todayMembers),
    staffCount: n(row.staff),
    activeSessions: n(row.sessions),
  };
}

/** The admin home: money figures, trend, best sellers, low stock, work queues and accounts. */
export function registerDashboardRoutes(app: FastifyInstance, { db, config }: Deps): void {
  defineCall(app, `${ADMIN_PREFIX}/dashboard/summary`, { auth: 'admin', permission: 'dashboard.view' }, async (ctx) => {
    const today = startOfDay(Date.now(), config.timeZone);
    const siteId = ctx.site.id;
    const [periods, trend, top, low, pending, accounts] = await Promise.all([
      periodFigures(db, siteId, today),
      dailyTrend(db, siteId, today),
      topGoods(db, siteId, today),
      lowStock(db, siteId),
      pendingQueues(db, siteId),
      accountCounts(db, today),
    ]);
    const overview: DashboardOverview = { periods, trend, topGoods: top, lowStock: low, pending, ...accounts };
    return overview;
  });
}
