import type { FastifyInstance } from 'fastify';
import { enqueueJob } from '../../core/jobs.js';
import type { Deps } from '../../deps.js';
import { supplyEntriesService } from './entries.js';
import { supplyGoodsService } from './goods.js';
import { releaseAllDue } from './settlements.js';
import { supplyWorkService } from './stock-and-orders.js';
import { suppliersService } from './suppliers.js';
import { supplyTasksService, type SupplyFlows } from './tasks.js';
import { registerSupplyAdminRoutes } from './supply.admin.routes.js';
import { registerSupplyRoutes } from './supply.routes.js';

export { supplyDelivered, supplyRefunded } from './money.js';
export { releaseDueSettlements, releaseAllDue, reverseSettlement, writeSettlement } from './settlements.js';
export { commissionOf, settlementOf, reversedFor } from './settlement-math.js';
export { settlementMachine, supplierMachine, reviewMachine, taskMachine } from './machines.js';
export { TASK_TIMEOUT_JOB, type SupplyFlows } from './tasks.js';
export { goodsHeldByReview } from './goods.js';
export { SUPPLY_SETTINGS_KEY } from './supply-settings.js';

export const SETTLEMENT_RELEASE_JOB = 'supply.releaseSettlements';
const RELEASE_EVERY = 60_000;

function supplyServices(deps: Deps, flows: SupplyFlows) {
  return {
    suppliers: suppliersService(deps),
    goods: supplyGoodsService(deps),
    work: supplyWorkService(deps),
    tasks: supplyTasksService(deps, flows),
    entries: supplyEntriesService(deps),
  };
}
export type SupplyServices = ReturnType<typeof supplyServices>;

/**
 * The supply module (decision 0011): member and admin calls, the task consumer of order.paid and its
 * timeout job, and the durable release job of settlement entries (one slot a minute; each run releases
 * every due batch; conditional moves make a second instance's run a no-op).
 */
export async function registerSupply(app: FastifyInstance, deps: Deps, flows: SupplyFlows): Promise<SupplyServices> {
  const services = supplyServices(deps, flows);
  registerSupplyRoutes(app, services);
  registerSupplyAdminRoutes(app, services);
  const schedule = (slot: number) =>
    enqueueJob(
      deps.db,
      SETTLEMENT_RELEASE_JOB,
      { slot },
      {
        runAt: slot * RELEASE_EVERY,
        uniqueKey: `${SETTLEMENT_RELEASE_JOB}:${slot}`,
      },
    );
  deps.jobs.register(SETTLEMENT_RELEASE_JOB, async (payload) => {
    const { slot } = payload as { slot: number };
    await releaseAllDue(deps.db, deps.holds, Date.now());
    await schedule(Math.max(slot + 1, Math.floor(Date.now() / RELEASE_EVERY) + 1));
  });
  await schedule(Math.floor(Date.now() / RELEASE_EVERY));
  return services;
}
