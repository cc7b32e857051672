import {
  adminLedgerInput,
  adminWithdrawListInput,
  fundsAdjustInput,
  fundsSettingsInput,
  ledgerExportInput,
  memberLedgerInput,
  payInfoDeleteInput,
  payInfoSaveInput,
  reconcileInput,
  transferInput,
  transferPreviewInput,
  withdrawApproveInput,
  withdrawCreateInput,
  withdrawIdInput,
  withdrawListInput,
  withdrawRejectInput,
  type ReconcileAnswer,
} from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall, type Limit } from '../../core/calls.js';
import { ADMIN_PREFIX } from '../../core/context.js';
import type { FundsModule } from './index.js';

const A = ADMIN_PREFIX;
/** Money moves: a human pace per IP (sale-password guessing is also limited by the accounts module). */
const moneyLimits: Limit[] = [{ max: 30, windowMs: 60_000 }];

export function registerFundsRoutes(app: FastifyInstance, m: FundsModule): void {
  const { funds, transfers, payees, withdrawals, reconcile, settings } = m;
  const user = { auth: 'user' as const };
  const admin = { auth: 'admin', permission: 'funds.manage' } as const;

  // ---- member ledger (/inside/accountmoney)
  defineCall(app, '/inside/funds/getLedger', { ...user, input: memberLedgerInput }, (ctx, f) =>
    funds.myLedger(ctx, f.page, f.pageSize, f),
  );
  /** The ledger under the filters as a CSV file (UTF-8 with BOM) in the envelope, like the order exports. */
  defineCall(
    app,
    '/inside/funds/exportLedger',
    { ...user, input: ledgerExportInput, limits: [{ max: 10, windowMs: 60_000 }] },
    (ctx, f) => funds.exportMyLedger(ctx, f),
  );

  // ---- transfers (/inside/transMoney)
  defineCall(app, '/inside/funds/transfer/config', user, (ctx) => transfers.config(ctx));
  defineCall(app, '/inside/funds/transfer/preview', { ...user, input: transferPreviewInput }, (ctx, f) =>
    transfers.preview(ctx, f.receiver),
  );
  defineCall(app, '/inside/funds/transfer', { ...user, input: transferInput, limits: moneyLimits }, (ctx, f) =>
    transfers.transfer(ctx, f),
  );

  // ---- payee accounts (/inside/payInfo)
  defineCall(app, '/inside/payInfo/list', user, (ctx) => payees.list(ctx));
  defineCall(app, '/inside/payInfo/save', { ...user, input: payInfoSaveInput }, (ctx, f) => payees.save(ctx, f));
  defineCall(app, '/inside/payInfo/delete', { ...user, input: payInfoDeleteInput }, (ctx, f) =>
    payees.remove(ctx, f.id),
  );

  // ---- withdrawals (/inside/collectMoney)
  defineCall(app, '/inside/withdraw/config', user, (ctx) => withdrawals.config(ctx));
  defineCall(app, '/inside/withdraw/create', { ...user, input: withdrawCreateInput, limits: moneyLimits }, (ctx, f) =>
    withdrawals.create(ctx, f),
  );
  defineCall(app, '/inside/withdraw/list', { ...user, input: withdrawListInput }, (ctx, f) => withdrawals.list(ctx, f));
  defineCall(app, '/inside/withdraw/cancel', { ...user, input: withdrawIdInput }, (ctx, f) =>
    withdrawals.cancel(ctx, f.id),
  );

  // ---- admin
  defineCall(app, `${A}/funds/ledger`, { ...admin, input: adminLedgerInput }, (ctx, input) =>
    funds.ledger(ctx, input, input.page, input.pageSize),
  );
  defineCall(
    app,
    `${A}/funds/adjust`,
    { ...admin, input: fundsAdjustInput, audit: { action: 'funds.adjust' } },
    (ctx, input) => funds.adjust(ctx, input),
  );
  defineCall(app, `${A}/withdrawals/list`, { ...admin, input: adminWithdrawListInput }, (ctx, f) =>
    withdrawals.adminList(ctx, f),
  );
  defineCall(
    app,
    `${A}/withdrawals/approve`,
    { ...admin, input: withdrawApproveInput, audit: { action: 'withdraw.approve' } },
    (ctx, f) => withdrawals.approve(ctx, f.id, f.payoutRef),
  );
  defineCall(
    app,
    `${A}/withdrawals/reject`,
    { ...admin, input: withdrawRejectInput, audit: { action: 'withdraw.reject' } },
    (ctx, f) => withdrawals.reject(ctx, f.id, f.reason),
  );
  defineCall(app, `${A}/funds/settings`, admin, () => settings.get());
  defineCall(
    app,
    `${A}/funds/settings/save`,
    { ...admin, input: fundsSettingsInput, audit: { action: 'funds.settings' } },
    (ctx, f) => settings.save(ctx, f),
  );
  defineCall(
    app,
    `${A}/funds/reconcile`,
    { ...admin, input: reconcileInput },
    async (_ctx, f): Promise<ReconcileAnswer> => {
      const day = f.date ?? reconcile.today();
      return { ...(await reconcile.report(day)), stored: await reconcile.stored(day) };
    },
  );
}
