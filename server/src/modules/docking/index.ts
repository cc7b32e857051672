import type { FastifyInstance } from 'fastify';
import { scheduleRecurring } from '../../core/recurring.js';
import type { Deps } from '../../deps.js';
import { connectionsService } from './connections.js';
import { dockedGoodsService } from './docked-goods.js';
import { registerDockingRoutes } from './docking.routes.js';
import { forwardingService, type DockingFlows } from './forwarding.js';
import { registerDockingPush } from './push.routes.js';
import { reconcileService } from './reconcile.js';

export { FORWARD_JOB, type DockingFlows } from './forwarding.js';
export { procurementMachine } from './machine.js';
export { kapuDriver, kapuSignature, kapuHeaders } from './drivers/kapu.js';
export { UpstreamError, type UpstreamDriver } from './driver.js';

export const SYNC_JOB = 'docking.sync';
/** Every docked goods is pulled from its upstreams this often (pushes keep it closer in between). */
export const SYNC_EVERY = 10 * 60_000;

function dockingServices(deps: Deps, flows: DockingFlows) {
  const connections = connectionsService(deps);
  return {
    connections,
    goods: dockedGoodsService(deps, connections),
    forwarding: forwardingService(deps, connections, flows),
    reconcile: reconcileService(deps, connections),
  };
}
export type DockingServices = ReturnType<typeof dockingServices>;

/**
 * Docking (货源对接, decision 0016): the admin and site-owner calls, the push receiver, the
 * order.paid consumer that forwards paid orders upstream, and the durable periodic pull sync (one
 * job per slot across instances, connection after connection).
 */
export async function registerDocking(app: FastifyInstance, deps: Deps, flows: DockingFlows): Promise<DockingServices> {
  const services = dockingServices(deps, flows);
  registerDockingRoutes(app, deps, services);
  registerDockingPush(app, services.connections, services.goods, deps.db);
  await scheduleRecurring(deps.db, deps.jobs, SYNC_JOB, SYNC_EVERY, async () => {
    const conns = await deps.db.selectFrom('docking_connections').select('id').orderBy('id').execute();
    for (const c of conns) await services.goods.syncConnection(c.id);
  });
  return services;
}
