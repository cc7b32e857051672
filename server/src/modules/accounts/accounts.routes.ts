import { loginInput, registerInput } from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../core/calls.js';
import type { AccountsService } from './accounts.service.js';

const MINUTE = 60_000;

export function registerAccountRoutes(app: FastifyInstance, accounts: AccountsService): void {
  defineCall(
    app,
    '/user/register',
    { input: registerInput, limits: [{ max: 10, windowMs: 60 * MINUTE }] },
    (ctx, input) => accounts.register(ctx, input),
  );
  defineCall(
    app,
    '/user/login',
    {
      input: loginInput,
      limits: [
        { max: 30, windowMs: 10 * MINUTE },
        { max: 30, windowMs: 10 * MINUTE, field: 'account' },
      ],
    },
    (ctx, input) => accounts.login(ctx, input),
  );
  defineCall(app, '/user/logout', {}, (ctx) => accounts.logout(ctx));
  defineCall(app, '/inside/inter/getAccount', { auth: 'user' }, (ctx) => accounts.getAccount(ctx));
  defineCall(app, '/inside/inter/getLastTwoLoginLog', { auth: 'user' }, (ctx) => accounts.lastTwoLoginLogs(ctx));
}
