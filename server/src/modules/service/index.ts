import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { registerServiceRoutes } from './service.routes.js';
import { serviceDesk, type DeskPorts } from './service.service.js';

export { consultMachine, serviceDesk, type DeskPorts, type ServiceDesk } from './service.service.js';

/** The service desk's calls (/other/*) and consultations (members and visitors). */
export function registerServiceDesk(app: FastifyInstance, deps: Deps, ports: DeskPorts): void {
  registerServiceRoutes(app, serviceDesk(deps, ports));
}
