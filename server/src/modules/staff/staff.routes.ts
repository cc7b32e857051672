import { staffLoginInput, staffOwnPasswordInput, totpVerifyInput } from '@kapu/contract';
import { createCaptcha } from '../verification/index.js';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../core/calls.js';
import { ADMIN_PREFIX } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';
import type { StaffService } from './staff.service.js';

const MINUTE = 60_000;
const loginLimits = [
  { max: 20, windowMs: 10 * MINUTE },
  { max: 30, windowMs: 10 * MINUTE, field: 'username' },
];

export function registerStaffRoutes(app: FastifyInstance, staff: StaffService, db: Db): void {
  // Reaching this through the rewrite proves the first segment is the admin path.
  defineCall(app, `${ADMIN_PREFIX}/auth/probe`, {}, () => ({ valid: true }));
  defineCall(app, `${ADMIN_PREFIX}/auth/login`, { input: staffLoginInput, limits: loginLimits }, (ctx, input) =>
    staff.login(ctx, 'admin', input),
  );
  defineCall(app, `${ADMIN_PREFIX}/auth/logout`, {}, (ctx) => staff.logout(ctx));
  defineCall(app, `${ADMIN_PREFIX}/auth/me`, { auth: 'admin' }, (ctx) => staff.me(ctx));
  defineCall(app, `${ADMIN_PREFIX}/auth/captcha`, { limits: [{ max: 60, windowMs: MINUTE }] }, () => createCaptcha(db));
  defineCall(
    app,
    `${ADMIN_PREFIX}/auth/changePassword`,
    {
      auth: 'admin',
      input: staffOwnPasswordInput,
      limits: [{ max: 10, windowMs: 10 * MINUTE }],
      audit: { action: 'staff.changeOwnPassword', record: () => null },
    },
    (ctx, input) => staff.changeOwnPassword(ctx, input),
  );
  defineCall(app, `${ADMIN_PREFIX}/auth/totp/setup`, { auth: 'admin' }, (ctx) => staff.totpSetup(ctx));
  defineCall(
    app,
    `${ADMIN_PREFIX}/auth/totp/enable`,
    {
      auth: 'admin',
      input: totpVerifyInput,
      limits: [{ max: 10, windowMs: 10 * MINUTE }],
      audit: { action: 'staff.totpEnable', record: () => null },
    },
    (ctx, input) => staff.totpEnable(ctx, input.code),
  );
  defineCall(
    app,
    `${ADMIN_PREFIX}/auth/totp/disable`,
    {
      auth: 'admin',
      input: totpVerifyInput,
      limits: [{ max: 10, windowMs: 10 * MINUTE }],
      audit: { action: 'staff.totpDisable', record: () => null },
    },
    (ctx, input) => staff.totpDisable(ctx, input.code),
  );

  defineCall(app, '/other/auth/login', { input: staffLoginInput, limits: loginLimits }, (ctx, input) =>
    staff.login(ctx, 'other', input),
  );
  // The service desk has the admin login's captcha/lock rules, so it needs its own captcha call.
  defineCall(app, '/other/auth/captcha', { limits: [{ max: 60, windowMs: MINUTE }] }, () => createCaptcha(db));
  defineCall(app, '/other/auth/logout', {}, (ctx) => staff.logout(ctx));
  defineCall(app, '/other/auth/me', { auth: 'other', permission: 'service.desk' }, (ctx) => staff.me(ctx));
}
