import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import type { OpenApiPorts } from './endpoints.js';
import { registerOpenApiGateway } from './gateway.js';
import { registerOpenApiMemberRoutes } from './member.routes.js';
import { registerOpenApiNotify } from './notify.js';

export { ipAllowed, openApiCredentials, type OpenApiCredentials } from './keys.js';
export { signRequest, encryptForCallback, decryptCallback } from './signature.js';
export { apiOrderStatus } from './api-status.js';
export { takeSignatureOnce } from './nonces.js';
export type { OpenApiPorts } from './endpoints.js';

/**
 * The open API (decision 0014): `POST /openapi/{path}` for resellers (卡易信 3.0 shape), the member
 * centre's keys, call log and tester, order callbacks and goods pushes. What it reuses of the shop
 * (catalog, orders, transfers, complaints, gift codes) comes from app.ts as ports.
 */
export async function registerOpenApi(app: FastifyInstance, deps: Deps, ports: OpenApiPorts): Promise<void> {
  await registerOpenApiGateway(app, deps, ports);
  registerOpenApiMemberRoutes(app, deps);
  registerOpenApiNotify(deps, ports);
}
