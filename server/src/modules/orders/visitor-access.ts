import { businessError } from '../../core/errors.js';
import type { Limit } from '../../core/calls.js';
import { safeEqual } from '../../core/crypto.js';
import type { Db } from '../../core/db/connect.js';
import { ordersRepo, type OrderRow } from './orders.repo.js';
import { verifyQueryPassword } from './query-password.js';

const MINUTE = 60_000;

/**
 * One budget for every check of a visitor's order credentials (lookup, pay, cancel, status
 * refresh), per client address and per order number, shared by all of those calls (and across
 * instances through the rate-limit store): guessing a query password through one call spends
 * the budget of all of them.
 */
export const VISITOR_ORDER_LIMITS: Limit[] = [
  { scope: 'visitor-order', max: 30, windowMs: MINUTE },
  { scope: 'visitor-order', field: 'orderNo', max: 10, windowMs: 10 * MINUTE },
];
/** The same budget, counted only when the call carries a query password (members pay their own orders without one). */
export const VISITOR_PASSWORD_LIMITS: Limit[] = VISITOR_ORDER_LIMITS.map((l) => ({ ...l, onlyWith: 'queryPassword' }));

export interface VisitorCredentials {
  orderNo: string;
  queryPassword?: string;
  contact?: string;
}

/**
 * A visitor's order, opened by its number plus the query password (or the contact, where the
 * caller allows it). Unknown orders, members' orders and wrong credentials answer the same code
 * after the same work (one keyed hash either way), so the answer tells nothing.
 */
export async function openVisitorOrder(
  db: Db,
  dataDir: string,
  siteId: number,
  credentials: VisitorCredentials,
  options: { allowContact?: boolean; allowMemberOrders?: boolean } = {},
): Promise<OrderRow> {
  const o = await ordersRepo.byNo(db, siteId, credentials.orderNo);
  let allowed = false;
  if (credentials.queryPassword) {
    allowed = await verifyQueryPassword(dataDir, credentials.orderNo, o?.query_pwd_hash, credentials.queryPassword);
  } else {
    await verifyQueryPassword(dataDir, credentials.orderNo, null, '');
  }
  if (!allowed && options.allowContact && credentials.contact && o?.contact) {
    allowed = safeEqual(o.contact.toLowerCase(), credentials.contact.trim().toLowerCase());
  }
  if (!o || !allowed || (o.user_id !== null && !options.allowMemberOrders)) throw businessError('LOOKUP_FAILED');
  return o;
}
