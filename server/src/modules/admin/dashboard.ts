import type { FastifyInstance } from 'fastify';
import type { DashboardOverview } from '@kapu/contract';
import { defineCall } from '../../core/calls.js';
import { ADMIN_PREFIX } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';
import { startOfDay } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { accountFigures } from '../accounts/index.js';
import { lowStockGoods } from '../catalog/index.js';
import { reviewingCount } from '../certify/index.js';
import { pendingWithdrawalsCount } from '../funds/index.js';
import { bestSellers, requestedRepealsCount, salesPeriods, salesTrend, toDeliverCount } from '../orders/index.js';
import { staffCount } from '../staff/index.js';
import { availableCardsByGoods } from '../stock/index.js';

const n = (v: unknown) => Number(v ?? 0);

/**
 * The four queues staff work through, counted in one statement of scalar subqueries; each
 * owner builds its count query, the dashboard only puts them side by side.
 */
async function pendingQueues(db: Db, siteId: number) {
  const row = await db
    .selectNoFrom(() => [
      toDeliverCount(db, siteId).as('toDeliver'),
      pendingWithdrawalsCount(db).as('withdrawals'),
      requestedRepealsCount(db, siteId).as('repeals'),
      reviewingCount(db).as('certify'),
    ])
    .executeTakeFirstOrThrow();
  return {
    toDeliver: n(row.toDeliver),
    withdrawals: n(row.withdrawals),
    repeals: n(row.repeals),
    certify: n(row.certify),
  };
}

/** Members, today's new members, staff and live sessions, in one statement (as above). */
async function accountCounts(db: Db, today: number) {
  const row = await db
    .selectNoFrom(() => [
      accountFigures.members(db).as('members'),
      accountFigures.membersSince(db, today).as('todayMembers'),
      staffCount(db).as('staff'),
      accountFigures.activeSessions(db, Date.now()).as('sessions'),
    ])
    .executeTakeFirstOrThrow();
  return {
    memberCount: n(row.members),
    todayMemberCount: n(row.todayMembers),
    staffCount: n(row.staff),
    activeSessions: n(row.sessions),
  };
}

/**
 * The admin home: money figures, trend, best sellers, low stock, work queues and accounts.
 * Each figure is its owner's query (orders, catalog with stock's card counts, funds, certify,
 * accounts, staff); this composer owns no table and keeps one statement per widget.
 */
export function registerDashboardRoutes(app: FastifyInstance, { db, config }: Deps): void {
  defineCall(app, `${ADMIN_PREFIX}/dashboard/summary`, { auth: 'admin', permission: 'dashboard.view' }, async (ctx) => {
    const today = startOfDay(Date.now(), config.timeZone);
    const siteId = ctx.site.id;
    const [periods, trend, top, low, pending, accounts] = await Promise.all([
      salesPeriods(db, siteId, today),
      salesTrend(db, siteId, today),
      bestSellers(db, siteId, today),
      lowStockGoods(db, siteId, availableCardsByGoods(db)),
      pendingQueues(db, siteId),
      accountCounts(db, today),
    ]);
    const overview: DashboardOverview = { periods, trend, topGoods: top, lowStock: low, pending, ...accounts };
    return overview;
  });
}
