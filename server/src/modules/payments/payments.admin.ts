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
import { ADMIN_PREFIX } from '../../core/context.js';
import { businessError } from '../../core/errors.js';
import { fetchPage, mapPage } from '../../core/paging.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { GATEWAY_REGISTRY, gatewayOf } from './gateways/index.js';
import { PUBLIC_URL_SETTING, RECHARGE_SETTING, type PaymentsService } from './payments.service.js';
import { refundPayment } from './refunds.js';
import { NotifyLogKeys, notifyLogRetention, readNotifyParams } from './notify-log.js';

const A = ADMIN_PREFIX;
const manage = { auth: 'admin', permission: 'payments.manage' } as const;

/** Admin: gateway accounts (secrets write-only), test payment, payments, notify log, recharge settings, refunds. */
export function registerPaymentAdminRoutes(app: FastifyInstance, deps: Deps, payments: PaymentsService): void {
  const { db, settings, config } = deps;
  const fmt = (ms: number | null) => (ms ? formatDateTime(ms, config.timeZone) : '');

  defineCall(app, `${A}/payments/gateways`, manage, (): GatewayInfo[] =>
    [{ name: 'balance', fields: [] }, ...Object.values(GATEWAY_REGISTRY)].map((g) => ({
      name: g.name,
      label: GatewayLabels[g.name as GatewayName],
      fields: g.fields,
    })),
  );
  defineCall(app, `${A}/payments/accounts`, manage, async () => {
    const rows = await db.selectFrom('payment_accounts').selectAll().orderBy('sort').orderBy('id').execute();
    return rows.map(payments.accountView);
  });
  defineCall(
    app,
    `${A}/payments/saveAccount`,
    { ...manage, input: paymentAccountSaveInput, audit: { action: 'payments.saveAccount' } },
    async (ctx, input) => {
      if (input.gateway !== 'balance' && !gatewayOf(input.gateway)) throw businessError('PAY_GATEWAY_UNKNOWN');
      const now = Date.now();
      const before = input.id ? await payments.accountRow(input.id) : undefined;
      if (before && before.gateway !== input.gateway)
        throw businessError('BAD_INPUT', '已有账户不能更换网关类型，请新建账户');
      const sealed = payments.sealConfig(input.gateway, input.config, before ? payments.parseConfig(before) : {});
      const enabled = input.enabled ?? before?.enabled ?? 0;
      if (enabled === 1) {
        const missing = (gatewayOf(input.gateway)?.fields ?? []).filter((f) => f.required && !sealed[f.key]);
        if (missing.length)
          throw businessError('PAY_CONFIG_INVALID', `请填写：${missing.map((f) => f.label).join('、')}`);
        const refused = gatewayOf(input.gateway)?.checkConfig?.(sealed);
        if (refused) throw businessError('PAY_CONFIG_INVALID', refused, { field: 'type' });
      }
      const values = {
        gateway: input.gateway,
        name: input.name,
        display_name: input.displayName,
        icon: input.icon,
        client: input.client,
        fee_rate: input.feeRate,
        sort: input.sort,
        enabled,
        config: JSON.stringify(sealed),
        updated_at: now,
      };
      const id = await db.transaction().execute(async (trx) => {
        let saved = input.id;
        if (before) await trx.updateTable('payment_accounts').set(values).where('id', '=', before.id).execute();
        else
          saved = (
            await trx
              .insertInto('payment_accounts')
              .values({ ...values, created_at: now })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
        // The audit row shows the account as saved (secrets only as set or not): read back in the transaction.
        const after = await trx
          .selectFrom('payment_accounts')
          .selectAll()
          .where('id', '=', saved!)
          .executeTakeFirstOrThrow();
        await writeAudit(ctx, trx, {
          action: before ? 'payments.updateAccount' : 'payments.createAccount',
          target: `payment_account:${saved}`,
          before: before ? payments.accountView(before) : null,
          after: payments.accountView(after),
        });
        return saved!;
      });
      return payments.accountView(await payments.accountRow(id));
    },
  );
  defineCall(
    app,
    `${A}/payments/deleteAccount`,
    { ...manage, input: paymentAccountIdInput, audit: { action: 'payments.deleteAccount' } },
    async (ctx, input) => {
      const before = await payments.accountRow(input.id);
      const used = await db
        .selectFrom('payments')
        .select('id')
        .where('account_id', '=', input.id)
        .limit(1)
        .executeTakeFirst();
      // An account with payments stays for the record and for late notifies: it is disabled instead.
      await db.transaction().execute(async (trx) => {
        if (used)
          await trx
            .updateTable('payment_accounts')
            .set({ enabled: 0, updated_at: Date.now() })
            .where('id', '=', input.id)
            .execute();
        else await trx.deleteFrom('payment_accounts').where('id', '=', input.id).execute();
        await writeAudit(ctx, trx, {
          action: used ? 'payments.disableAccount' : 'payments.deleteAccount',
          target: `payment_account:${input.id}`,
          before: payments.accountView(before),
          after: null,
        });
      });
      return { deleted: !used, disabled: Boolean(used) };
    },
  );
  defineCall(
    app,
    `${A}/payments/testAccount`,
    { ...manage, input: paymentAccountIdInput, audit: { action: 'payments.testAccount' } },
    async (ctx, input, req: FastifyRequest) => {
      const row = await payments.accountRow(input.id);
      if (row.gateway === 'balance') throw businessError('BAD_INPUT', '余额支付无需测试');
      // Accounts saved before the rule existed: say what is wrong before asking the gateway.
      const refused = gatewayOf(row.gateway)?.checkConfig?.(payments.openAccount(row).config);
      if (refused) throw businessError('PAY_CONFIG_INVALID', refused, { field: 'type' });
      const started = await payments.startPayment(row, {
        purpose: 'test',
        siteId: ctx.site.id,
        orderId: null,
        rechargeId: null,
        userId: null,
        refNo: 'TEST',
        subject: '支付通道测试',
        base: 1,
        expiresAt: Date.now() + 30 * 60_000,
        client: 'pc',
        ip: ctx.ip,
        origin: `${req.protocol}://${req.host}`,
      });
      await writeAudit(ctx, db, {
        action: 'payments.testAccount',
        target: `payment_account:${row.id}`,
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
