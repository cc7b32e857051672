import { adminLedgerInput, fundsAdjustInput, ledgerListInput } from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../core/calls.js';
import { ADMIN_PREFIX } from '../../core/context.js';
import type { FundsService } from './funds.service.js';

export function registerFundsRoutes(app: FastifyInstance, funds: FundsService): void {
  defineCall(app, '/inside/funds/getLedger', { auth: 'user', input: ledgerListInput }, (ctx, input) => funds.myLedger(ctx, input.page, input.pageSize));
  defineCall(app, `${ADMIN_PREFIX}/funds/ledger`, { auth: 'admin', permission: 'funds.manage', input: adminLedgerInput }, (ctx, input) =>
    funds.ledger(ctx, input.userId, input.page, input.pageSize),
  );
  defineCall(app, `${ADMIN_PREFIX}/funds/adjust`, { auth: 'admin', permission: 'funds.manage', input: fundsAdjustInput }, (ctx, input) => funds.adjust(ctx, input));
}
