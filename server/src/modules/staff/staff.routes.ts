import { staffLoginInput } from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../core/calls.js';
import { ADMIN_PREFIX } from '../../core/context.js';
import type { StaffService } from './staff.service.js';

const MINUTE = 60_000;
const loginLimits = [
  { max: 20, windowMs: 10 * MINUTE },
  { max: 10, windowMs: 10 * MINUTE, field: 'username' },
];

export function registerStaffRoutes(app: FastifyInstance, staff: StaffService): void {
  // Reaching this through the rewrite proves the first segment is the admin path.
  defineCall(app, `${ADMIN_PREFIX}/auth/probe`, {}, () => ({ valid: true }));
  defineCall(app, `${ADMIN_PREFIX}/auth/login`, { input: staffLoginInput, limits: loginLimits }, (ctx, input) =>
    staff.login(ctx, 'admin', input),
  );
  defineCall(app, `${ADMIN_PREFIX}/auth/logout`, {}, (ctx) => staff.logout(ctx));
  defineCall(app, `${ADMIN_PREFIX}/auth/me`, { auth: 'admin' }, (ctx) => staff.me(ctx));

  defineCall(app, '/other/auth/login', { input: staffLoginInput, limits: loginLimits }, (ctx, input) =>
    staff.login(ctx, 'other', input),
  );
  defineCall(app, '/other/auth/logout', {}, (ctx) => staff.logout(ctx));
  defineCall(app, '/other/auth/me', { auth: 'other', permission: 'service.desk' }, (ctx) => staff.me(ctx));
}
