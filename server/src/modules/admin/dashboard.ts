import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../core/calls.js';
import { ADMIN_PREFIX } from '../../core/context.js';
import { startOfDay } from '../../core/time.js';
import type { Deps } from '../../deps.js';

export interface DashboardSummary {
  memberCount: number;
  todayMemberCount: number;
  staffCount: number;
  activeSessions: number;
}

/** The admin home's counters. */
export function registerDashboardRoutes(app: FastifyInstance, { db, config }: Deps): void {
  defineCall(app, `${ADMIN_PREFIX}/dashboard/summary`, { auth: 'admin', permission: 'dashboard.view' }, async () => {
    const now = Date.now();
    const count = (q: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) =>
      q.executeTakeFirstOrThrow().then((r) => Number(r.n));
    const [memberCount, todayMemberCount, staffCount, activeSessions] = await Promise.all([
      count(db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'))),
      count(db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('created_at', '>=', startOfDay(now, config.timeZone))),
      count(db.selectFrom('staff').select((eb) => eb.fn.countAll<number>().as('n'))),
      count(
        db
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', now),
      ),
    ]);
    const summary: DashboardSummary = { memberCount, todayMemberCount, staffCount, activeSessions };
    return summary;
  });
}
