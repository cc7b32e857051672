import type { OrderCreateInput } from '@kapu/contract';
import type { RequestContext } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';
import type { Deps } from '../../deps.js';
import type { ShareLine } from '../profits/index.js';
import type { OrderCardRow } from '../stock/index.js';
import type { OrderRow } from './orders.repo.js';
import type { SupplierSettlementPort } from './hand-delivery.js';

/** The job that expires an unpaid order at its deadline (scheduled by checkout, run by orders). */
export const EXPIRE_JOB = 'orders.expire';

/**
 * The cross-module flows (flows/checkout.ts, flows/order-refund.ts) that orders' calls hand
 * over to. They write orders, stock, catalog and funds in one transaction, so they live above
 * the modules; app.ts passes them in, and orders never imports flows/.
 */
/**
 * An order paid by a redemption code (cdk module, decision 0012): amount 0, its goods and quantity
 * in the input; `claim` takes the code's use inside the order's transaction (throwing when the
 * code was used meanwhile rolls the order back); `shares` are the chain's margins the code's buyer
 * paid for, owed to the owners once the order is delivered.
 */
export interface OrderRedemption {
  /** The order's pay reference (`cdk:<short>`). */
  ref: string;
  shares: ShareLine[];
  claim(trx: Db, order: { id: number; orderNo: string }): Promise<void>;
}

export interface OrderFlows {
  createOrder(
    deps: Deps,
    ctx: RequestContext,
    input: OrderCreateInput,
    redeem?: OrderRedemption,
  ): Promise<{ orderId: number; orderNo: string; paidRow?: OrderRow; paidCards?: OrderCardRow[] }>;
  payByBalance(deps: Deps, ctx: RequestContext, orderNo: string, salePwd: string | undefined): Promise<unknown>;
  cancelOrder(db: Db, order: OrderRow): Promise<void>;
  expireOrder(db: Db, orderId: number): Promise<boolean>;
  refundOrderAmount(
    deps: Deps,
    ctx: RequestContext,
    order: OrderRow,
    reason: string,
    amount: number | undefined,
  ): Promise<{ status: OrderRow['status']; refunded: number }>;
  /** Supplier settlement entries (supply module): written by hand deliveries, reversed by card repeals. */
  supplierSettlement: SupplierSettlementPort;
}
