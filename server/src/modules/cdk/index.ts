import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { registerCdkAdminRoutes } from './cdk.admin.routes.js';
import { registerCdkRoutes } from './cdk.routes.js';
import { cdkService, type CdkService } from './cdk.service.js';
import { cdkRedeemer, type CdkPorts } from './redeem.js';

export { cdkService, type CdkService } from './cdk.service.js';
export { cdkRedeemer, type CdkPorts, type CdkRedeemer } from './redeem.js';
export { cdkCodeMachine, cdkBatchMachine } from './cdk-machine.js';
export { CDK_GUESS_LIMITS } from './cdk.routes.js';

/** Redemption codes (decision 0013): the member and public calls, and the admin's. */
export function registerCdk(app: FastifyInstance, deps: Deps, ports: CdkPorts): CdkService {
  const cdk = cdkService(deps, ports);
  registerCdkRoutes(app, cdkRedeemer(deps, ports), cdk);
  registerCdkAdminRoutes(app, cdk);
  return cdk;
}
