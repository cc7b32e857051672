import {
  GatewayLabels,
  notifyLogListInput,
  notifyLogSettingsInput,
  paymentAccountIdInput,
  paymentAccountSaveInput,
  paymentListInput,
  paymentRefundInput,
  publicUrlInput,
  rechargeSettingsInput,
  type AdminPaymentRow,
  type GatewayInfo,
  type GatewayName,
  type NotifyLogRow,
  type Paged,
} from '@kapu/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineCall, writeAudit } from '../../core/calls.js';
import { ADMIN_PREFIX, type RequestContext } from '../../core/context.js';
import { fetchPage, mapPage } from '../../core/paging.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { GATEWAY_REGISTRY } from './gateways/index.js';
import type { AccountStore, RecordChange } from './payment-accounts.js';
import { PUBLIC_URL_SETTING, RECHARGE_SETTING, type PaymentsService } from './payments.service.js';
import { refundPayment } from './refunds.js';
import { NotifyLogKeys, notifyLogRetention, readNotifyParams } from './notify-log.js';

const A = ADMIN_PREFIX;
const manage = { auth: 'admin', permission: 'payments.manage' } as const;

/** Admin: gateway accounts (secrets write-only), test payment, payments, notify log, recharge settings, refunds. */
export function registerPaymentAdminRoutes(
  app: FastifyInstance,
  deps: Deps,
  payments: PaymentsService,
  accounts: AccountStore,
): void {
  const { db, settings, config } = deps;
  const fmt = (ms: number | null) => (ms ? formatDateTime(ms, config.timeZone) : '');

  defineCall(app, `${A}/payments/gateways`, manage, (): GatewayInfo[] =>
    [{ name: 'balance', fields: [] }, ...Object.values(GATEWAY_REGISTRY)].map((g) => ({
      name: g.name,
      label: GatewayLabels[g.name as GatewayName],
      fields: g.fields,
    })),
  );
  // The platform's accounts only: sub-site owners keep theirs in their own back office (decision 0010).
  const platform = { kind: 'platform' } as const;
  const audited =
    (ctx: RequestContext): RecordChange =>
    (trx, change) =>
      writeAudit(ctx, trx, change);
  defineCall(app, `${A}/payments/accounts`, manage, () => accounts.list(platform));
  defineCall(
    app,
    `${A}/payments/saveAccount`,
    { ...manage, input: paymentAccountSaveInput, audit: { action: 'payments.saveAccount' } },
    (ctx, input) => accounts.save(platform, input, audited(ctx)),
  );
  defineCall(
    app,
    `${A}/payments/deleteAccount`,
    { ...manage, input: paymentAccountIdInput, audit: { action: 'payments.deleteAccount' } },
    (ctx, input) => accounts.remove(platform, input.id, audited(ctx)),
  );
  defineCall(
    app,
    `${A}/payments/testAccount`,
    { ...manage, input: paymentAccountIdInput, audit: { action: 'payments.testAccount' } },
    async (ctx, input, req: FastifyRequest) => {
      const started = await accounts.test(platform, input.id, {
        siteId: ctx.site.id,
        ip: ctx.ip,
        origin: `${req.protocol}://${req.host}`,
      });
      await writeAudit(ctx, db, {
        action: 'payments.testAccount',
        target: `payment_account:${input.id}`,
        before: null,
        after: { paymentNo: started.paymentNo },
      });
      return started;
    },
  );

  defineCall(
    app,
    `${A}/payments/list`,
    { ...manage, input: paymentListInput },
    async (_ctx, f): Promise<Paged<AdminPaymentRow>> => {
      let q = db.selectFrom('payments');
      if (f.status) q = q.where('status', '=', f.status);
      if (f.purpose) q = q.where('purpose', '=', f.purpose);
      if (f.gateway) q = q.where('gateway', '=', f.gateway);
      if (f.accountId) q = q.where('account_id', '=', f.accountId);
      if (f.userId) q = q.where('user_id', '=', f.userId);
      if (f.from) q = q.where('created_at', '>=', f.from);
      if (f.to) q = q.where('created_at', '<=', f.to);
      if (f.keyword)
        q = q.where((eb) =>
          eb.or([eb('payment_no', '=', f.keyword!), eb('trade_no', '=', f.keyword!), eb('ref_no', '=', f.keyword!)]),
        );
      const rows = await fetchPage(q.selectAll().orderBy('id', 'desc'), f);
      return mapPage(rows, (p) => ({
        id: p.id,
        paymentNo: p.payment_no,
        purpose: p.purpose,
        refNo: p.ref_no,
        subject: p.subject,
        userId: p.user_id,
        amount: p.amount,
        fee: p.fee,
        gateway: p.gateway,
        accountId: p.account_id,
        status: p.status,
        tradeNo: p.trade_no ?? '',
        refundedAmount: p.refunded_amount,
        paidBy: p.paid_by ?? '',
        createdAt: fmt(p.created_at),
        paidAt: fmt(p.paid_at),
      }));
    },
  );
  defineCall(
    app,
    `${A}/payments/notifyLogs`,
    { ...manage, input: notifyLogListInput },
    async (_ctx, f): Promise<Paged<NotifyLogRow>> => {
      let q = db.selectFrom('notify_logs');
      if (f.gateway) q = q.where('gateway', '=', f.gateway);
      if (f.accountId) q = q.where('account_id', '=', f.accountId);
      if (f.paymentNo) q = q.where('payment_no', '=', f.paymentNo);
      if (f.verdict) q = q.where('verdict', '=', f.verdict);
      const rows = await fetchPage(q.selectAll().orderBy('id', 'desc'), f);
      return mapPage(rows, (r) => ({
        id: r.id,
        gateway: r.gateway,
        accountId: r.account_id,
        paymentNo: r.payment_no ?? '',
        method: r.method,
        params: readNotifyParams(r.params),
        verdict: r.verdict,
        error: r.error,
        ip: r.ip,
        createdAt: fmt(r.created_at),
      }));
    },
  );

  defineCall(app, `${A}/payments/notifyLogSettings`, manage, () => notifyLogRetention(deps.settings));
  defineCall(
    app,
    `${A}/payments/saveNotifyLogSettings`,
    { ...manage, input: notifyLogSettingsInput, audit: { action: 'payments.saveNotifyLogSettings' } },
    async (ctx, input) => {
      await db.transaction().execute(async (trx) => {
        await deps.settings.set(NotifyLogKeys.days, String(input.days), trx);
        await deps.settings.set(NotifyLogKeys.maxRows, String(input.maxRows), trx);
        await writeAudit(ctx, trx);
      });
      return notifyLogRetention(deps.settings);
    },
  );
  defineCall(app, `${A}/payments/rechargeSettings`, manage, () => payments.rechargeSettings());
  defineCall(
    app,
    `${A}/payments/saveRechargeSettings`,
    { ...manage, input: rechargeSettingsInput, audit: { action: 'payments.rechargeSettings' } },
    async (ctx, input) => {
      const before = payments.rechargeSettings();
      const value = { min: input.min, max: input.max, tiers: [...input.tiers].sort((a, b) => a.min - b.min) };
      await db.transaction().execute(async (trx) => {
        await settings.set(RECHARGE_SETTING, JSON.stringify(value), trx);
        await writeAudit(ctx, trx, {
          action: 'payments.rechargeSettings',
          target: 'setting:payments.recharge',
          before: before,
          after: value,
        });
      });
      return value;
    },
  );

  // The origin gateways call back (notify) and send the payer back to (return); empty = the request's origin.
  defineCall(app, `${A}/payments/publicUrl`, manage, (_ctx, _input, req: FastifyRequest) => ({
    publicUrl: settings.get(PUBLIC_URL_SETTING) ?? '',
    requestOrigin: `${req.protocol}://${req.host}`,
  }));
  defineCall(
    app,
    `${A}/payments/savePublicUrl`,
    { ...manage, input: publicUrlInput, audit: { action: 'payments.publicUrl' } },
    async (ctx, input) => {
      const before = settings.get(PUBLIC_URL_SETTING) ?? '';
      await db.transaction().execute(async (trx) => {
        await settings.set(PUBLIC_URL_SETTING, input.publicUrl, trx);
        await writeAudit(ctx, trx, {
          action: 'payments.publicUrl',
          target: `setting:${PUBLIC_URL_SETTING}`,
          before: { publicUrl: before },
          after: { publicUrl: input.publicUrl },
        });
      });
      return { publicUrl: input.publicUrl };
    },
  );

  defineCall(
    app,
    `${A}/payments/refund`,
    { ...manage, input: paymentRefundInput, audit: { action: 'payments.refund' } },
    async (ctx, input) => {
      const result = await refundPayment(deps, payments, ctx, input);
      await writeAudit(ctx, db, {
        action: 'payments.refund',
        target: `payment:${input.paymentNo}`,
        before: null,
        after: { ...input, ...result },
      });
      return result;
    },
  );
}
