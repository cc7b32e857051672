import { randomAlnum } from '../../core/crypto.js';
import type { RequestContext } from '../../core/context.js';
import { businessError } from '../../core/errors.js';
import type { Deps } from '../../deps.js';
import { refundOrder } from '../../flows/checkout.js';
import { creditBalance, debitBalance } from '../funds/index.js';
import { ordersRepo } from '../orders/index.js';
import { gatewayOf, GatewayError } from './gateways/index.js';
import type { PaymentsService } from './payments.service.js';

/**
 * Staff refund of one paid payment, in full: to the member's balance, or back through the
 * gateway when it supports refunds (易支付 V2, Alipay, WeChat v3). Only money that is not
 * (or no longer) fulfilling anything may go back: an order payment must be the duplicate of
 * a paid order or belong to an order flagged for refund; a recharge takes back the credited
 * amount and bonus from the balance first (refused when already spent).
 */
export async function refundPayment(deps: Deps, payments: PaymentsService, ctx: RequestContext, input: { paymentNo: string; via: 'balance' | 'gateway'; reason: string }) {
  const { db } = deps;
  const payment = await payments.byNo(input.paymentNo);
  if (!payment) throw businessError('PAYMENT_NOT_FOUND');
  if (payment.status !== 'paid' || payment.gateway === 'balance') throw businessError('PAY_REFUND_NOT_ALLOWED');
  const operator = ctx.actor?.name ?? '';
  let flaggedOrder: number | null = null;
  if (payment.purpose === 'order') {
    const order = payment.order_id === null ? undefined : await ordersRepo.byId(db, payment.order_id);
    if (!order) throw businessError('PAY_REFUND_NOT_ALLOWED');
    const isDuplicate = order.pay_ref !== payment.payment_no;
    if (!isDuplicate && order.status !== 'refund_due') throw businessError('PAY_REFUND_NOT_ALLOWED', '该支付已用于订单，请先在订单中办理退款');
    if (!isDuplicate) flaggedOrder = order.id;
  }
  if (input.via === 'balance' && (payment.user_id === null || payment.purpose !== 'order')) throw businessError('PAY_REFUND_NOT_ALLOWED', payment.purpose === 'recharge' ? '充值只能原路退回' : '游客的支付只能原路退回');
  const gateway = gatewayOf(payment.gateway);
  if (input.via === 'gateway' && !gateway?.refund) throw businessError('PAY_REFUND_NOT_ALLOWED', '该支付网关不支持原路退款');
  const refundNo = `RF${payment.payment_no.slice(0, 20)}${randomAlnum(8)}`;

  const result = await db.transaction().execute(async (trx) => {
    if (!(await payments.movePayment(trx, payment.id, 'paid', 'refunded', { refunded_amount: payment.amount }))) throw businessError('PAY_REFUND_NOT_ALLOWED');
    const now = Date.now();
    if (payment.purpose === 'recharge' && payment.recharge_id !== null) {
      const recharge = await trx.selectFrom('recharges').selectAll().where('id', '=', payment.recharge_id).executeTakeFirstOrThrow();
      await debitBalance(trx, { userId: recharge.user_id, amount: recharge.amount + recharge.bonus, type: 'recharge_refund', refType: 'recharge', refId: payment.payment_no, memo: `充值原路退款：${input.reason}`, operator });
    }
    let ref: string | null = null;
    if (input.via === 'balance') {
      await creditBalance(trx, { userId: payment.user_id!, amount: payment.amount, type: 'order_refund', refType: 'payment', refId: payment.payment_no, memo: input.reason, operator });
    } else {
      const row = await payments.accountRow(payment.account_id!, trx);
      try {
        ref = (await gateway!.refund!(payments.openAccount(row), { paymentNo: payment.payment_no, amountFen: payment.amount, tradeNo: payment.trade_no }, payment.amount, refundNo)).ref;
      } catch (err) {
        throw businessError('PAY_GATEWAY_FAILED', err instanceof GatewayError ? err.message : undefined);
      }
    }
    await trx.updateTable('refunds').set({ status: 'done', operator }).where('payment_id', '=', payment.id).where('status', '=', 'pending').execute();
    await trx.insertInto('refunds').values({ payment_id: payment.id, amount: payment.amount, via: input.via, status: 'done', reason: input.reason, gateway_ref: ref?.slice(0, 80) ?? null, operator, created_at: now }).execute();
    return { paymentNo: payment.payment_no, amount: payment.amount, via: input.via, ref };
  });
  if (flaggedOrder !== null) await refundOrder(db, flaggedOrder, input.reason, operator);
  return result;
}
