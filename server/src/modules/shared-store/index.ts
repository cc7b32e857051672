import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { registerSharedStoreRoutes } from './shared-store.routes.js';
import { sharedStoreService, type SharedStorePorts } from './shared-store.service.js';

export { acgSignature } from './acg-sign.js';
export { SHARED_PATHS } from './shared-store.routes.js';
export { sharedStoreService, type SharedStorePorts, type SharedStoreService } from './shared-store.service.js';

/**
 * acg-faka 共享店铺 (decision 0015): Kapu answers an unmodified acg-faka 3.x shop on `/shared/...`;
 * the catalog reads and the member's balance-paid orders come as ports from app.ts.
 */
export function registerSharedStore(app: FastifyInstance, deps: Deps, ports: SharedStorePorts): void {
  registerSharedStoreRoutes(app, sharedStoreService(deps, ports));
}
