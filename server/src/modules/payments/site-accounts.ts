import {
  GatewayLabels,
  pageOnlyInput,
  paymentAccountIdInput,
  SITE_GATEWAYS,
  sitePayAccountEnableInput,
  sitePayAccountSaveInput,
  siteRefundInput,
  type GatewayInfo,
  type GatewayName,
  type Paged,
  type SitePayAccounts,
  type SiteRefundDueRow,
} from '@kapu/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineCall } from '../../core/calls.js';
import type { ActorContext } from '../../core/context.js';
import { businessError } from '../../core/errors.js';
import { mapPage } from '../../core/paging.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { memberLabels } from '../accounts/index.js';
import { balanceOf } from '../funds/index.js';
import { ordersRepo } from '../orders/index.js';
import { payeeSiteOfMember, type SitePayee } from '../sites/index.js';
import { gatewayOf } from './gateways/index.js';
import type { AccountScope, AccountStore } from './payment-accounts.js';
import type { PaymentsService } from './payments.service.js';
import { refundPayment } from './refunds.js';

const MINUTE = 60_000;

/**
 * A sub-site owner's own payment channels (decision 0010), in the member area (分站管理): the owner
 * keeps their site's gateway accounts with the same rules staff keep the platform's, and pays back
 * the buyers whose money is in those accounts. Every call acts on the caller's own site only.
 */
export function registerSitePaymentRoutes(
  app: FastifyInstance,
  deps: Deps,
  payments: PaymentsService,
  accounts: AccountStore,
): void {
  const { db, config } = deps;
  const user = { auth: 'user' } as const;
  const writes = { ...user, limits: [{ max: 60, windowMs: MINUTE }] };
  const gateways: GatewayInfo[] = SITE_GATEWAYS.map((name) => ({
    name,
    label: GatewayLabels[name],
    fields: gatewayOf(name)?.fields ?? [],
  }));

  /** The caller's site; changing accounts needs a version with own payment channels. */
  async function mySite(ctx: ActorContext, mustBeAllowed: boolean): Promise<{ site: SitePayee; scope: AccountScope }> {
    const site = await payeeSiteOfMember(db, ctx.actor.id);
    if (!site) throw businessError('NOT_SITE_OWNER');
    if (mustBeAllowed && !site.allowed) throw businessError('SITE_PAY_NOT_ALLOWED');
    return { site, scope: { kind: 'site', siteId: site.siteId } };
  }

  defineCall(app, '/vip/payAccount/getList', user, async (ctx): Promise<SitePayAccounts> => {
    const { site, scope } = await mySite(ctx, false);
    const list = await accounts.list(scope);
    return {
      siteId: site.siteId,
      siteTitle: site.title,
      allowed: site.allowed,
      active: site.allowed && list.some((a) => a.enabled === 1),
      balance: await balanceOf(db, ctx.actor.id),
      accounts: list,
      gateways,
    };
  });
  defineCall(app, '/vip/payAccount/save', { ...writes, input: sitePayAccountSaveInput }, async (ctx, input) => {
    const { scope } = await mySite(ctx, true);
    return accounts.save(scope, input);
  });
  defineCall(app, '/vip/payAccount/setEnabled', { ...writes, input: sitePayAccountEnableInput }, async (ctx, input) => {
    // Switching off is always possible (a site whose version lost the feature can still tidy up).
    const { scope } = await mySite(ctx, input.enabled === 1);
    return accounts.setEnabled(scope, input.id, input.enabled === 1 ? 1 : 0);
  });
  defineCall(app, '/vip/payAccount/delete', { ...writes, input: paymentAccountIdInput }, async (ctx, input) => {
    const { scope } = await mySite(ctx, false);
    return accounts.remove(scope, input.id);
  });
  defineCall(
    app,
    '/vip/payAccount/test',
    { ...user, input: paymentAccountIdInput, limits: [{ max: 10, windowMs: MINUTE }] },
    async (ctx, input, req: FastifyRequest) => {
      const { site, scope } = await mySite(ctx, true);
      return accounts.test(scope, input.id, {
        siteId: site.siteId,
        ip: ctx.ip,
        origin: `${req.protocol}://${req.host}`,
      });
    },
  );

  defineCall(
    app,
    '/vip/payRefund/getList',
    { ...user, input: pageOnlyInput },
    async (ctx, input): Promise<Paged<SiteRefundDueRow>> => {
      const { site } = await mySite(ctx, false);
      const orders = await ordersRepo.ownerRefundsDue(db, site.siteId, input.page, input.pageSize);
      const refs = orders.list.map((o) => o.pay_ref).filter((r): r is string => Boolean(r));
      const paid = refs.length
        ? await db
            .selectFrom('payments')
            .select(['payment_no', 'gateway', 'amount', 'refunded_amount'])
            .where('payment_no', 'in', refs)
            .execute()
        : [];
      const byNo = new Map(paid.map((p) => [p.payment_no, p]));
      const members = await memberLabels(
        db,
        orders.list.map((o) => o.user_id),
      );
      return mapPage(orders, (o) => {
        const p = o.pay_ref ? byNo.get(o.pay_ref) : undefined;
        const member = o.user_id !== null ? members.get(o.user_id) : undefined;
        return {
          orderNo: o.order_no,
          goodsName: o.goods_name,
          quantity: o.quantity,
          paidAmount: o.paid_amount,
          dueAmount: o.paid_amount - o.refund_amount,
          paymentNo: p?.payment_no ?? '',
          gatewayText: p ? (GatewayLabels[p.gateway as GatewayName] ?? p.gateway) : '',
          canGateway: Boolean(p && gatewayOf(p.gateway)?.refund && p.amount > p.refunded_amount),
          reason: o.refund_reason ?? '',
          buyer: member ? `会员 ${member.loginName}` : o.contact || '游客',
          paidAt: o.paid_at ? formatDateTime(o.paid_at, config.timeZone) : '',
        };
      });
    },
  );
  defineCall(app, '/vip/payRefund/confirm', { ...writes, input: siteRefundInput }, async (ctx, input) => {
    const { site } = await mySite(ctx, false);
    const order = await ordersRepo.byNo(db, site.siteId, input.orderNo);
    if (!order || order.payee_site_id !== site.siteId) throw businessError('ORDER_NOT_FOUND');
    if (order.status !== 'refund_due') throw businessError('ORDER_STATE_INVALID', '该订单不在待退款状态');
    const operator = `站长 ${ctx.actor.name}`;
    if (input.via === 'manual') {
      await payments.flows.refundOrder(db, order.id, input.reason, operator, 'manual');
      return { status: 'refunded' as const, via: 'manual' as const };
    }
    const payment = order.pay_ref ? await payments.byNo(order.pay_ref) : undefined;
    if (!payment || payment.order_id !== order.id || payment.account_id === null)
      throw businessError('PAY_REFUND_NOT_ALLOWED', '找不到该订单的在线支付，请线下退款后点“已线下退款”');
    await accounts.rowIn({ kind: 'site', siteId: site.siteId }, payment.account_id);
    // Through the owner's own gateway, then the order ends refunded: the same path staff take.
    await refundPayment(
      deps,
      payments,
      { ...ctx, actor: { ...ctx.actor, name: operator } },
      {
        paymentNo: payment.payment_no,
        via: 'gateway',
        reason: input.reason,
      },
    );
    return { status: 'refunded' as const, via: 'gateway' as const };
  });
}
