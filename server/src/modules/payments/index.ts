import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { registerPaymentAdminRoutes } from './payments.admin.js';
import { registerPaymentRoutes } from './payments.routes.js';
import { accountStore } from './payment-accounts.js';
import { registerSitePaymentRoutes } from './site-accounts.js';
import { notifyLogRetention, pruneNotifyLogs } from './notify-log.js';
import type { PaymentFlows } from './payment-flows.js';
import { paymentsService, QUERY_JOB, type PaymentsService } from './payments.service.js';

export {
  paymentsService,
  newPaymentNo,
  bonusFor,
  feeFor,
  QUERY_JOB,
  RECHARGE_SETTING,
  PUBLIC_URL_SETTING,
  type PaymentsService,
  type PaymentRow,
} from './payments.service.js';
export { paymentMachine } from './payment-machine.js';
export type { PaymentFlows } from './payment-flows.js';
export { refundThroughGateway } from './refunds.js';
export { GATEWAY_REGISTRY, gatewayOf, type Gateway } from './gateways/index.js';

/**
 * The payments module: service, user calls, notify endpoints, admin calls and the active
 * query job. `firstStart` seeds the balance channel and the demo sandbox cashier.
 */
export async function registerPayments(
  app: FastifyInstance,
  deps: Deps,
  firstStart: boolean,
  flows: PaymentFlows,
): Promise<PaymentsService> {
  const payments = paymentsService(deps, flows);
  if (firstStart) await payments.seedAccounts(deps.config.sandboxPay);
  deps.jobs.register(
    QUERY_JOB,
    async (payload) => {
      const { paymentNo } = payload as { paymentNo: string };
      const state = await payments.queryPayment(paymentNo);
      // Still unpaid: fail this attempt so the runner asks again later (backoff below).
      if (state === 'unpaid') throw new Error('payment not paid yet');
    },
    (attempt) => Math.min(10 * 60_000, 30_000 * attempt),
  );
  // Notifies arrive from anyone: the log keeps what the retention settings allow (hourly sweep).
  deps.jobs.every('payments.notifyLogRetention', 3600_000, async () => {
    await pruneNotifyLogs(deps.db, notifyLogRetention(deps.settings));
  });
  const accounts = accountStore(deps, payments);
  registerPaymentRoutes(app, payments);
  registerPaymentAdminRoutes(app, deps, payments, accounts);
  registerSitePaymentRoutes(app, deps, payments, accounts);
  return payments;
}

/** Whether the sandbox cashier is on: start-up warns, since it completes orders without money. */
export async function isSandboxEnabled(deps: Pick<Deps, 'db'>): Promise<boolean> {
  const row = await deps.db
    .selectFrom('payment_accounts')
    .select('id')
    .where('gateway', '=', 'sandbox')
    .where('enabled', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The payments of one order, newest first (the service desk's order look-up). */
export function paymentsOfOrder(db: Deps['db'], orderId: number) {
  return db
    .selectFrom('payments')
    .select(['payment_no', 'gateway', 'amount', 'status', 'created_at', 'paid_at', 'refunded_amount'])
    .where('order_id', '=', orderId)
    .where('purpose', '=', 'order')
    .orderBy('id', 'desc')
    .execute();
}
