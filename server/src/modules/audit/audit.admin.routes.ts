import { auditSearchInput } from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../core/calls.js';
import { ADMIN_PREFIX } from '../../core/context.js';
import type { Deps } from '../../deps.js';
import { listAudit, type AuditNames } from './index.js';

const A = ADMIN_PREFIX;

/** The admin's audit log list. */
export function registerAuditAdminRoutes(app: FastifyInstance, deps: Deps, who: AuditNames): void {
  const { db, config } = deps;
  defineCall(app, `${A}/audit/list`, { auth: 'admin', permission: 'audit.view', input: auditSearchInput }, (_ctx, f) =>
    listAudit(db, config.timeZone, f, who),
  );
}
