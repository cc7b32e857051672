import { sql } from 'kysely';
import { randomAlnum } from '../../core/crypto.js';
import type { RequestContext } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import type { Deps } from '../../deps.js';
import { statusUpdate } from '../../core/fsm.js';
import { refundMachine } from './payment-machine.js';
import { creditBalance, debitBalance } from '../funds/index.js';
import { ordersRepo } from '../orders/index.js';
import { gatewayOf, GatewayError } from './gateways/index.js';
import { isPlatformAccount } from './payment-accounts.js';
import type { PaymentRow, PaymentsService } from './payments.service.js';

/**
 * Sends `amount` of a paid payment back through its gateway, in one transaction with the
 * bookkeeping: the payment's refunded total grows on the condition that it stays within what
 * was paid (the payment becomes refunded when nothing is left), a refunds row records it, and
 * `alsoInTrx` lets the caller write its side (an order's refunded amount). A gateway failure
 * rolls all of it back.
 */
export async function refundThroughGateway(
  deps: Pick<Deps, 'db'>,
  payments: PaymentsService,
  payment: PaymentRow,
  amount: number,
  by: { reason: string; operator: string },
  alsoInTrx?: (trx: Db) => Promise<void>,
) {
  const gateway = gatewayOf(payment.gateway);
  if (!gateway?.refund || payment.account_id === null)
    throw businessError('PAY_REFUND_NOT_ALLOWED', '该支付网关不支持原路退款');
  const refundNo = `RF${payment.payment_no.slice(0, 20)}${randomAlnum(8)}`;
  return deps.db.transaction().execute(async (trx) => {
    const whole = payment.refunded_amount + amount === payment.amount;
    const claimed = whole
      ? await payments.movePayment(trx, payment.id, 'paid', 'refunded', { refunded_amount: payment.amount })
      : Number(
          (
            await trx
              .updateTable('payments')
              .set((eb) => ({ refunded_amount: eb('refunded_amount', '+', amount), updated_at: Date.now() }))
              .where('id', '=', payment.id)
              .where('status', '=', 'paid')
              .where(sql<number>`refunded_amount + ${amount}`, '<', sql<number>`amount`)
              .executeTakeFirst()
          ).numUpdatedRows,
        ) === 1;
    if (!claimed) throw businessError('PAY_REFUND_NOT_ALLOWED');
    await alsoInTrx?.(trx);
    const row = await payments.accountRow(payment.account_id!, trx);
    let ref: string;
    try {
      ref = (
        await gateway.refund!(
          await payments.callableAccount(row),
          { paymentNo: payment.payment_no, amountFen: payment.amount, tradeNo: payment.trade_no },
          amount,
          refundNo,
        )
      ).ref;
    } catch (err) {
      throw businessError('PAY_GATEWAY_FAILED', err instanceof GatewayError ? err.message : undefined);
    }
    if (whole)
      await statusUpdate(trx, refundMachine, 'pending', 'done', { operator: by.operator })
        .where('payment_id', '=', payment.id)
        .execute();
    await trx
      .insertInto('refunds')
      .values({
        payment_id: payment.id,
        amount,
        via: 'gateway',
        status: 'done',
        reason: by.reason,
        gateway_ref: ref.slice(0, 80),
        operator: by.operator,
        created_at: Date.now(),
      })
      .execute();
    return ref;
  });
}

/**
 * Staff refund of what is left of one paid payment: to the member's balance, or back through
 * the gateway when it supports refunds (易支付 V1/V2, Alipay, WeChat v3). Only money that is not
 * (or no longer) fulfilling anything may go back: an order payment must be the duplicate of
 * a paid order or belong to an order flagged for refund; a recharge takes back the credited
 * amount and bonus from the balance first (refused when already spent).
 */
export async function refundPayment(
  deps: Deps,
  payments: PaymentsService,
  ctx: RequestContext,
  input: { paymentNo: string; via: 'balance' | 'gateway'; reason: string },
) {
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
    if (!isDuplicate && order.status !== 'refund_due')
      throw businessError('PAY_REFUND_NOT_ALLOWED', '该支付已用于订单，请先在订单中办理退款');
    if (!isDuplicate) flaggedOrder = order.id;
  }
  if (input.via === 'balance' && (payment.user_id === null || payment.purpose !== 'order'))
    throw businessError(
      'PAY_REFUND_NOT_ALLOWED',
      payment.purpose === 'recharge' ? '充值只能原路退回' : '游客的支付只能原路退回',
    );
  // Money paid into a site owner's own account never reached the platform: not to the platform's balance.
  if (
    input.via === 'balance' &&
    payment.account_id !== null &&
    !isPlatformAccount(await payments.accountRow(payment.account_id))
  )
    throw businessError('SITE_PAY_OWNER_REFUND');
  // Earlier partial refunds of the order already went back through the gateway.
  const left = payment.amount - payment.refunded_amount;
  const takeBackRecharge = async (trx: Db) => {
    if (payment.purpose !== 'recharge' || payment.recharge_id === null) return;
    const recharge = await trx
      .selectFrom('recharges')
      .selectAll()
      .where('id', '=', payment.recharge_id)
      .executeTakeFirstOrThrow();
    await debitBalance(trx, {
      userId: recharge.user_id,
      amount: recharge.amount + recharge.bonus,
      type: 'recharge_refund',
      refType: 'recharge',
      refId: payment.payment_no,
      memo: `充值原路退款：${input.reason}`,
      operator,
    });
  };

  let ref: string | null = null;
  if (input.via === 'gateway') {
    ref = await refundThroughGateway(
      deps,
      payments,
      payment,
      left,
      { reason: input.reason, operator },
      takeBackRecharge,
    );
  } else {
    await db.transaction().execute(async (trx) => {
      if (!(await payments.movePayment(trx, payment.id, 'paid', 'refunded', { refunded_amount: payment.amount })))
        throw businessError('PAY_REFUND_NOT_ALLOWED');
      await creditBalance(trx, {
        userId: payment.user_id!,
        amount: left,
        type: 'order_refund',
        refType: 'payment',
        refId: payment.payment_no,
        memo: input.reason,
        operator,
      });
      await statusUpdate(trx, refundMachine, 'pending', 'done', { operator: operator })
        .where('payment_id', '=', payment.id)
        .execute();
      await trx
        .insertInto('refunds')
        .values({
          payment_id: payment.id,
          amount: left,
          via: 'balance',
          status: 'done',
          reason: input.reason,
          gateway_ref: null,
          operator,
          created_at: Date.now(),
        })
        .execute();
    });
  }
  if (flaggedOrder !== null)
    await payments.flows.refundOrder(
      db,
      flaggedOrder,
      input.reason,
      operator,
      input.via === 'gateway' ? 'gateway' : 'manual',
    );
  return { paymentNo: payment.payment_no, amount: left, via: input.via, ref };
}
