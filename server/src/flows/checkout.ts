import { CONTACT_RULES, type BuyerInput, type OrderCreateInput, type RechargeField } from '@kapu/contract';

const EMAIL_LIKE = /@/;
import type { Insertable } from 'kysely';
import type { OrdersTable } from '../core/db/schema.js';
import { hasActor, type ActorContext, type RequestContext } from '../core/context.js';
import type { Db } from '../core/db/connect.js';
import { businessError } from '../core/errors.js';
import { publishEvents, type NewEvent } from '../core/events.js';
import { enqueueJob } from '../core/jobs.js';
import { lockForTransaction } from '../core/db/transaction-lock.js';
import type { Deps } from '../deps.js';
import { buyingProfile, callerOf, checkSalePassword, requireSalePassword } from '../modules/accounts/index.js';
import {
  buyerLevel,
  findGoods,
  findGoodsOfShop,
  platformSale,
  priceFor,
  rechargeTemplateOf,
  returnCountStock,
  sells,
  siteSale,
  takeCountStock,
  type GoodsRow,
  type SaleQuote,
} from '../modules/catalog/index.js';
import {
  chargeOwnerCost,
  freezeShares,
  returnOwnerCost,
  reverseShares,
  reviveShares,
  voidShares,
  writeShares,
  type ShareLine,
} from '../modules/profits/index.js';
import { PLATFORM_SITE_ID, sitePayeeOf } from '../modules/sites/index.js';
import { creditBalance, debitBalance } from '../modules/funds/index.js';
import {
  checkoutSettings,
  EXPIRE_JOB,
  hashQueryPassword,
  moveOrder,
  mustMoveOrder,
  newOrderNo,
  orderDelivered,
  orderOwnerRefundDue,
  orderPaid,
  orderRefunded,
  ordersRepo,
  type OrderRedemption,
  type OrderRow,
} from '../modules/orders/index.js';
import {
  availableCardCounts,
  releaseCards,
  reserveCards,
  sellCards,
  sellCardsNow,
  voidOrderCards,
  type OrderCardRow,
} from '../modules/stock/index.js';
import { checkCaptcha } from '../modules/verification/index.js';
import { supplyDelivered, supplyRefunded } from '../modules/supply/index.js';
import { buyCardsWithBalancePg, purchaseMemo } from './checkout-pg.js';

/** What a payment channel reports: the payments issue passes its gateway notifies here. */
export interface PaymentReport {
  method: string;
  /** Fen actually paid; must equal the order's amount. */
  amount: number;
  /** Gateway trade number or our payment number, kept on the order for support. */
  ref?: string;
  /** The sub-site whose owner's own account took the money (decision 0010); absent: the platform's. */
  payeeSiteId?: number | null;
}

export interface PaymentOutcome {
  /** false: the order was already paid (a replay) — nothing changed. */
  applied: boolean;
  status: OrderRow['status'];
}

function checkContact(goods: GoodsRow, contact: string | undefined, isVisitor: boolean): string {
  const value = (contact ?? '').trim();
  if (!value) {
    if (isVisitor) throw businessError('CONTACT_INVALID', '请填写联系方式');
    return '';
  }
  const rule = CONTACT_RULES[goods.contact_type];
  if (!rule.test(value)) throw businessError('CONTACT_INVALID', rule.message);
  return EMAIL_LIKE.test(value) ? value.toLowerCase() : value;
}

/** Validates recharge inputs against the goods' template; markup is refused, never stored. */
export function checkRechargeInputs(
  template: RechargeField[],
  inputs: Record<string, string | number> | undefined,
): Record<string, string> {
  const given = inputs ?? {};
  const known = new Set(template.map((f) => f.key));
  for (const key of Object.keys(given)) {
    if (!known.has(key)) throw businessError('RECHARGE_INPUT_INVALID', `未知的充值字段：${key.slice(0, 20)}`);
  }
  const out: Record<string, string> = {};
  for (const field of template) {
    const raw = given[field.key];
    const value = raw === undefined ? '' : String(raw).trim();
    if (!value) {
      if (field.required) throw businessError('RECHARGE_INPUT_INVALID', `请填写${field.label}`);
      continue;
    }
    if (value.length > 200) throw businessError('RECHARGE_INPUT_INVALID', `${field.label}不能超过 200 个字符`);
    if (/[<>]/.test(value)) throw businessError('RECHARGE_INPUT_INVALID', `${field.label}不能包含 < 或 > 字符`);
    if (field.type === 'number' && !/^\d{1,30}(\.\d{1,6})?$/.test(value))
      throw businessError('RECHARGE_INPUT_INVALID', `${field.label}须为数字`);
    if (field.type === 'select' && !(field.options ?? []).includes(value))
      throw businessError('RECHARGE_INPUT_INVALID', `请从选项中选择${field.label}`);
    if (field.type === 'image' && !/^\/uploads\/[A-Za-z0-9/_.-]{1,200}$/.test(value))
      throw businessError('RECHARGE_INPUT_INVALID', `请上传${field.label}`);
    out[field.key] = value;
  }
  return out;
}

/** The answers as stored with the order: each with the label the buyer saw, so later template edits do not change them. */
function labelledInputs(template: RechargeField[], values: Record<string, string>): BuyerInput[] {
  return template
    .filter((f) => values[f.key] !== undefined)
    .map((f) => ({ key: f.key, label: f.label, type: f.type, value: values[f.key] }));
}

/**
 * What a visitor may hold unpaid (issue: one anonymous order could hold all stock, forever
 * renewed). Checked inside the order's transaction, under a per-goods lock on PostgreSQL, so
 * parallel visitor orders cannot together pass the caps; members are never limited by it.
 */
async function enforceVisitorHolds(
  trx: Db,
  deps: Deps,
  goods: GoodsRow,
  ip: string,
  contact: string,
  quantity: number,
  now: number,
): Promise<void> {
  const rules = checkoutSettings(deps.settings);
  await lockForTransaction(trx, `visitor-hold:${goods.id}`);
  const held = await ordersRepo.visitorHolds(trx, goods.id, ip, contact, now);
  if (held.ipOrders >= rules.visitorMaxOrders) throw businessError('VISITOR_HOLD_ORDERS');
  if (
    held.ipGoodsUnits + quantity > rules.visitorMaxUnits ||
    held.contactGoodsUnits + quantity > rules.visitorMaxUnits
  ) {
    throw businessError(
      'VISITOR_HOLD_UNITS',
      `每位游客最多同时占用 ${rules.visitorMaxUnits} 件未支付的该商品，请先支付或取消未支付订单`,
    );
  }
  // Visitors together hold at most the set share of what is left (held + still free), and at
  // least one unit, so the last card can still go to a visitor.
  const free =
    goods.type === 'card'
      ? goods.loop_card === 1
        ? null
        : ((await availableCardCounts(trx, [goods.id])).get(goods.id) ?? 0)
      : goods.stock;
  if (free !== null && quantity > free) throw businessError('STOCK_INSUFFICIENT');
  if (
    free !== null &&
    held.goodsUnits + quantity > Math.max(1, Math.floor(((free + held.goodsUnits) * rules.visitorStockShare) / 100))
  ) {
    throw businessError('VISITOR_HOLD_SHARE');
  }
}

/** Visitors who already hold unpaid orders solve the image captcha before holding more. */
async function requireVisitorCaptcha(deps: Deps, ip: string, input: OrderCreateInput, now: number): Promise<void> {
  const rules = checkoutSettings(deps.settings);
  const held = await ordersRepo.visitorHolds(deps.db, 0, ip, '', now);
  if (held.ipOrders < rules.visitorCaptchaAfter) return;
  if (!input.captchaId || !input.captcha)
    throw businessError('CAPTCHA_REQUIRED', '您有未支付的订单，继续下单请输入图形验证码', { captchaRequired: true });
  if (!(await checkCaptcha(deps.db, input.captchaId, input.captcha, now)))
    throw businessError('CAPTCHA_WRONG', undefined, { captchaRequired: true });
}

/** Takes stock for an order (cards or a count); false when there is not enough. */
async function takeStock(trx: Db, goods: GoodsRow, orderId: number, quantity: number, until: number): Promise<boolean> {
  if (goods.type === 'card') return reserveCards(trx, goods, orderId, quantity, until);
  return takeCountStock(trx, goods.id, quantity);
}

async function giveBackStock(trx: Db, order: OrderRow): Promise<void> {
  if (order.goods_type === 'card') await releaseCards(trx, order.id);
  else await returnCountStock(trx, order.goods_id, order.quantity);
}

/**
 * Sub-site orders carry profit shares (decision 0009); the platform's have none, and skip these
 * statements on their hot paths.
 */
const hasShares = (order: Pick<OrderRow, 'site_id'>) => order.site_id !== PLATFORM_SITE_ID;

/** Each link's margin on the whole order. */
function shareLinesOf(price: SaleQuote, quantity: number): ShareLine[] {
  if (!price.chain) return [];
  return price.chain.links.map((l) => ({
    siteId: l.siteId,
    userId: l.userId,
    depth: l.depth,
    amount: l.unitMargin * quantity,
  }));
}

/** The goods an order is of: the catalogue is the platform's on every site. */
const goodsOfOrder = (db: Db, order: OrderRow) => findGoodsOfShop(db, order.goods_id);

/**
 * Creates an order (member, or visitor with contact + query password): validates the goods
 * rules, prices it with the one pricing service, reserves stock for the TTL and schedules the
 * expiry, all in one transaction. A zero-amount order is paid and delivered at once, and so
 * is a member's order with `payBy: 'balance'` (see buyWithBalance). With `redeem` the order is a
 * redemption code's (decision 0012): amount 0, the code's use claimed in the order's transaction
 * (a lost race rolls the order back), paid by the code and delivered like any free order.
 */
export async function createOrder(
  deps: Deps,
  ctx: RequestContext,
  input: OrderCreateInput,
  redeem?: OrderRedemption,
): Promise<{ orderId: number; orderNo: string; paidRow?: OrderRow; paidCards?: OrderCardRow[] }> {
  const { db } = deps;
  const userId = ctx.area === 'user' && ctx.actor ? ctx.actor.id : null;
  const isVisitor = userId === null;
  const goods = await findGoods(db, ctx.site, input.goodsId);
  if (goods.status !== 'on_sale') throw businessError('GOODS_NOT_ON_SALE');
  // A code is the visitor's ticket: the goods' members-only rule is for buying.
  if (isVisitor && goods.visitor_allowed !== 1 && !redeem) throw businessError('LOGIN_REQUIRED_TO_BUY');

  const q = input.quantity;
  if (q < goods.min_quantity || q > goods.max_quantity || q % goods.multiple !== 0) {
    const rule = `购买数量须在 ${goods.min_quantity}-${goods.max_quantity} 之间${goods.multiple > 1 ? `，且为 ${goods.multiple} 的倍数` : ''}`;
    throw businessError('QUANTITY_INVALID', rule);
  }
  const contact = checkContact(goods, input.contact, isVisitor);
  if (isVisitor && !input.queryPassword) throw businessError('QUERY_PASSWORD_REQUIRED');
  // Any goods type may ask the buyer for something (an account to recharge, a note for a manual
  // service): the goods' input template says what; the order keeps each answer with its label.
  const template = rechargeTemplateOf(goods);
  const buyerInputs = template.length
    ? labelledInputs(template, checkRechargeInputs(template, input.rechargeInputs))
    : null;
  if (!template.length && input.rechargeInputs && Object.keys(input.rechargeInputs).length) {
    throw businessError('RECHARGE_INPUT_INVALID', '该商品不需要填写下单信息');
  }
  if (goods.type === 'physical' && !(input.shipName && input.shipPhone && input.shipAddress))
    throw businessError('ADDRESS_REQUIRED');
  const payNow = input.payBy === 'balance' && !redeem;
  if (payNow && isVisitor) throw businessError('VISITOR_CANNOT_USE_BALANCE');
  const buyer: Buyer = userId ? { userId } : { contact };

  // A member's level and sale-password settings come in one read (one round trip on PostgreSQL).
  const profile = userId ? await buyingProfile(db, userId) : undefined;
  const sale =
    ctx.site.depth === 0
      ? platformSale(ctx.site, profile ? profile.level_id : await buyerLevel(db, ctx.site.id, null))
      : await siteSale(db, ctx.site, userId);
  if (!sells(sale, goods)) throw businessError('GOODS_NOT_FOUND');
  const levelId = sale.levelId;
  // A redemption was paid when its code was bought: the order costs nothing, its shares are the code's.
  const price: Pick<SaleQuote, 'unitPrice' | 'amount'> = redeem
    ? { unitPrice: 0, amount: 0 }
    : await priceFor(db, sale, goods, q);
  // The buyer is charged what was shown, or told the price moved (an owner edited the chain meanwhile).
  if (input.expectedPrice !== undefined && input.expectedPrice !== price.unitPrice)
    throw businessError('PRICE_CHANGED', undefined, { unitPrice: price.unitPrice });
  const shares = redeem ? redeem.shares : shareLinesOf(price as SaleQuote, q);
  const now = Date.now();
  const expiresAt = now + checkoutSettings(deps.settings).reserveMinutes * 60_000;
  if (isVisitor && price.amount > 0) await requireVisitorCaptcha(deps, ctx.ip.slice(0, 64), input, now);
  const orderNo = newOrderNo(now);
  const queryPwdHash = input.queryPassword
    ? hashQueryPassword(deps.config.dataDir, orderNo, input.queryPassword)
    : null;
  // Paying now needs a member (a visitor was refused above), so the context has an actor.
  // An API key the member opted in lets orders go without it (decision 0015); one that sends it is checked.
  const waived = ctx.orderWithoutSalePwd === true && !input.salePwd;
  if (payNow && price.amount > 0 && hasActor(ctx) && !waived)
    await checkSalePassword(deps.db, callerOf(ctx), profile, input.salePwd, 'balancePay');

  const row: Insertable<OrdersTable> = {
    order_no: orderNo,
    site_id: ctx.site.id,
    user_id: userId,
    goods_id: goods.id,
    goods_type: goods.type,
    goods_name: goods.name,
    goods_owner_id: goods.owner_user_id,
    level_id: levelId,
    unit_price: price.unitPrice,
    unit_cost: goods.cost,
    quantity: q,
    amount: price.amount,
    status: 'unpaid',
    contact,
    query_pwd_hash: queryPwdHash,
    recharge_inputs: buyerInputs ? JSON.stringify(buyerInputs) : null,
    remark: input.remark ?? '',
    pay_method: null,
    pay_ref: null,
    paid_amount: 0,
    expires_at: expiresAt,
    paid_at: null,
    delivered_at: null,
    delivery_text: null,
    refund_reason: null,
    refunded_at: null,
    ship_name: goods.type === 'physical' ? input.shipName! : null,
    ship_phone: goods.type === 'physical' ? input.shipPhone! : null,
    ship_address: goods.type === 'physical' ? input.shipAddress! : null,
    express_carrier: null,
    express_no: null,
    shipped_at: null,
    client_ip: ctx.ip.slice(0, 64),
    created_at: now,
    updated_at: now,
  };
  if (payNow && price.amount > 0) {
    const { order, cards } = await buyWithBalance(deps, row, goods, userId!, shares);
    return { orderId: order.id, orderNo, paidRow: order, paidCards: cards };
  }

  const orderId = await db.transaction().execute(async (trx) => {
    if (!redeem) await enforcePerUserLimit(trx, deps.dialect, goods, buyer, q);
    if (isVisitor && price.amount > 0)
      await enforceVisitorHolds(trx, deps, goods, row.client_ip ?? '', contact, q, now);
    const { id } = await ordersRepo.insert(trx, row);
    // The code's use first: of parallel redeemers of one code only one gets past it, before any stock moves.
    await redeem?.claim(trx, { id, orderNo });
    if (!(await takeStock(trx, goods, id, q, expiresAt))) throw businessError('STOCK_INSUFFICIENT');
    await writeShares(trx, 'order', id, shares, 'pending', now);
    if (price.amount === 0) {
      await applyPayment(trx, id, { method: redeem ? 'cdk' : 'free', amount: 0, ref: redeem?.ref });
    } else {
      await enqueueJob(trx, EXPIRE_JOB, { orderId: id }, { runAt: expiresAt, uniqueKey: `${EXPIRE_JOB}:${id}` });
    }
    return id;
  });
  return { orderId, orderNo };
}

type Buyer = { userId: number } | { contact: string };

/**
 * The goods' per-user limit, checked inside the order's transaction so that it holds under
 * concurrency: on PostgreSQL two orders of one buyer for one goods queue on a transaction
 * lock until the first commits (READ COMMITTED then counts it); SQLite has one writer.
 */
async function enforcePerUserLimit(
  trx: Db,
  dialect: Deps['dialect'],
  goods: GoodsRow,
  buyer: Buyer,
  quantity: number,
): Promise<void> {
  if (goods.per_user_limit <= 0) return;
  await lockForTransaction(
    trx,
    `per-user-limit:${goods.id}:${'userId' in buyer ? `u${buyer.userId}` : `c${buyer.contact}`}`,
  );
  const held = await ordersRepo.boughtQuantity(trx, goods.id, buyer);
  if (held + quantity > goods.per_user_limit) {
    throw businessError(
      'PER_USER_LIMIT',
      `该商品每人限购 ${goods.per_user_limit} 件，您还可购买 ${Math.max(0, goods.per_user_limit - held)} 件`,
    );
  }
}

/** The order row as written when the balance pays while ordering: paid, and delivered for cards. */
function paidFromBalance(row: Insertable<OrdersTable>, userId: number, card: boolean): Insertable<OrdersTable> {
  const now = row.created_at;
  // Every key below is already in `row`: a spread that only overrides keys stays cheap (core/objects.ts).
  return {
    ...row,
    status: card ? 'delivered' : 'pending',
    pay_method: 'balance',
    pay_ref: `balance:${userId}`,
    paid_amount: row.amount,
    paid_at: now,
    delivered_at: card ? now : null,
  };
}

/**
 * A member's order paid from the balance while it is created: one transaction takes the
 * stock, debits the balance with its ledger row and delivers. The order is written already
 * paid (delivered for cards, pending for staff otherwise): no reader ever sees it unpaid, and
 * no expiry job is needed. Too little stock or balance throws, and the transaction leaves
 * nothing behind — no order, no charge, no card taken.
 */
async function buyWithBalance(
  deps: Deps,
  row: Insertable<OrdersTable>,
  goods: GoodsRow,
  userId: number,
  shares: readonly ShareLine[],
): Promise<{ order: OrderRow; cards?: OrderCardRow[] }> {
  const now = row.created_at;
  const card = goods.type === 'card';
  // PostgreSQL: the same purchase as one statement (flows/checkout-pg.ts, decision 0005);
  // goods with a per-user limit, and sub-site orders (their shares), take the transaction.
  if (
    deps.dialect === 'postgres' &&
    card &&
    goods.loop_card !== 1 &&
    goods.per_user_limit === 0 &&
    shares.length === 0 &&
    goods.owner_user_id === null
  ) {
    return buyCardsWithBalancePg(deps.db, paidFromBalance(row, userId, true), userId);
  }
  let cards: OrderCardRow[] | undefined;
  const order = await deps.db.transaction().execute(async (trx) => {
    await enforcePerUserLimit(trx, deps.dialect, goods, { userId }, row.quantity);
    const order = await ordersRepo.insertReturningRow(trx, paidFromBalance(row, userId, card));
    if (card) {
      cards = await sellCardsNow(trx, goods, order.id, order.quantity, now);
      if (cards.length !== order.quantity) throw businessError('STOCK_INSUFFICIENT');
    } else if (!(await takeCountStock(trx, goods.id, order.quantity))) throw businessError('STOCK_INSUFFICIENT');
    // Delivered at once (cards): the shares freeze now; otherwise when staff deliver.
    await writeShares(trx, 'order', order.id, shares, card ? 'frozen' : 'pending', now);
    if (card && order.goods_owner_id !== null) await supplyDelivered(trx, order, now);
    await debitBalance(trx, {
      userId,
      amount: order.amount,
      type: 'order_pay',
      refType: 'order',
      refId: order.order_no,
      memo: purchaseMemo(order),
    });
    // Paid and (cards) delivered at once: both events in one insert.
    await publishEvents(
      trx,
      card ? [orderPaid(order, 'balance', true), orderDelivered(order, 'cards')] : [orderPaid(order, 'balance')],
      now,
    );
    return order;
  });
  return { order, cards };
}

/**
 * Delivers a paid order inside the payment transaction. Cards paid into a site owner's own account
 * first take the site's cost from the owner's balance (decision 0010); when it cannot cover it (other
 * orders took it meanwhile) nothing is delivered: the cards go back, the shares lapse, and the order
 * waits for the owner to pay the buyer back (refund_due, with an event that tells the owner).
 */
async function fulfil(trx: Db, order: OrderRow, goods: GoodsRow, now: number): Promise<OrderRow['status']> {
  if (order.goods_type === 'card') {
    let siteCost = 0;
    if (order.payee_site_id !== null) {
      const payee = await sitePayeeOf(trx, order.payee_site_id);
      const cost = payee ? await chargeOwnerCost(trx, order, payee.ownerId, now) : null;
      if (cost === null) {
        await releaseCards(trx, order.id);
        await mustMoveOrder(trx, order.id, 'paid', 'refund_due', { refund_reason: OWNER_SHORT_REASON });
        await voidShares(trx, 'order', order.id, now);
        await publishEvents(trx, [orderOwnerRefundDue(order, payee?.ownerId ?? 0, order.amount, 'cost_short')], now);
        return 'refund_due';
      }
      siteCost = cost;
    }
    const cards = await sellCards(trx, goods, order.id, order.quantity, now);
    // Reserved cards are held for this order alone; a shortfall means the data is broken.
    if (cards.length !== order.quantity)
      throw new Error(`order ${order.order_no}: ${cards.length} cards for ${order.quantity}`);
    await mustMoveOrder(trx, order.id, 'paid', 'delivered', { delivered_at: now, site_cost: siteCost });
    if (hasShares(order)) await freezeShares(trx, 'order', order.id, now);
    // A supplier's cards: their settlement entry, in the delivering transaction (decision 0011).
    if (order.goods_owner_id !== null)
      await supplyDelivered(trx, { ...order, status: 'delivered', delivered_at: now }, now);
    return 'delivered';
  }
  await mustMoveOrder(trx, order.id, 'paid', 'pending');
  return 'pending';
}

/** Why an order paid into the owner's account waits for the owner's refund instead of its cards. */
const OWNER_SHORT_REASON = '站长余额不足以支付进货成本，未能发货，待站长原路退款';

/**
 * Applies a payment to an order, inside the caller's transaction (invariant 3). Idempotent:
 * only the caller whose conditional update moves the order out of unpaid/expired delivers;
 * a replay answers `applied: false` and changes nothing. An order paid after it expired is
 * fulfilled when stock can be taken again, else refunded to the member's balance or flagged
 * for refund (visitors) — the money is never lost.
 */
export async function applyPayment(trx: Db, orderId: number, payment: PaymentReport): Promise<PaymentOutcome> {
  const order = await ordersRepo.byId(trx, orderId);
  if (!order) throw businessError('ORDER_NOT_FOUND');
  if (order.status !== 'unpaid' && order.status !== 'expired') return { applied: false, status: order.status };
  if (payment.amount !== order.amount) throw businessError('BAD_INPUT', '支付金额与订单金额不一致');
  // Only the order's own site's accounts ever take its money (payments checks it when the payment starts).
  const payee = payment.payeeSiteId ?? null;
  if (payee !== null && payee !== order.site_id) throw new Error(`order ${order.order_no}: paid to site ${payee}`);
  const now = Date.now();
  const wasExpired = order.status === 'expired';
  const paid = await moveOrder(trx, order.id, order.status, 'paid', {
    paid_at: now,
    pay_method: payment.method.slice(0, 20),
    pay_ref: payment.ref?.slice(0, 100) ?? null,
    paid_amount: payment.amount,
    payee_site_id: payee,
  });
  if (!paid) {
    const again = await ordersRepo.byId(trx, orderId);
    return { applied: false, status: again!.status };
  }
  const current = { ...order, status: 'paid' as const, payee_site_id: payee };
  const method = payment.method.slice(0, 20);
  const paidEvent = orderPaid(order, method);
  const goods = await goodsOfOrder(trx, order);
  if (wasExpired && !(await takeStock(trx, goods, order.id, order.quantity, now))) {
    if (payee !== null) {
      // The money is in the owner's account: the owner pays it back (decision 0010).
      await mustMoveOrder(trx, order.id, 'paid', 'refund_due', {
        refund_reason: '超时后支付，库存不足，待站长原路退款',
      });
      await voidShares(trx, 'order', order.id, now);
      const owner = await sitePayeeOf(trx, payee);
      await publishEvents(
        trx,
        [paidEvent, orderOwnerRefundDue(order, owner?.ownerId ?? 0, order.amount, 'no_stock')],
        now,
      );
      return { applied: true, status: 'refund_due' };
    }
    if (order.user_id !== null) {
      if (order.amount > 0) {
        await creditBalance(trx, {
          userId: order.user_id,
          amount: order.amount,
          type: 'order_refund',
          refType: 'order',
          refId: order.order_no,
          memo: '订单超时后支付且库存不足，已退回余额',
        });
      }
      await mustMoveOrder(trx, order.id, 'paid', 'refunded', {
        refund_amount: order.amount,
        refund_reason: '超时后支付，库存不足，自动退款',
        refunded_at: now,
      });
      if (hasShares(order)) await voidShares(trx, 'order', order.id, now);
      const refund = { amount: order.amount, refundedTotal: order.amount, whole: true, to: 'balance' as const };
      await publishEvents(trx, [paidEvent, orderRefunded(order, refund)], now);
      return { applied: true, status: 'refunded' };
    }
    await mustMoveOrder(trx, order.id, 'paid', 'refund_due', { refund_reason: '超时后支付，库存不足，待退款' });
    if (hasShares(order)) await voidShares(trx, 'order', order.id, now);
    await publishEvents(trx, [paidEvent], now);
    return { applied: true, status: 'refund_due' };
  }
  // Paid late but stock was found again: the chain's margins count as if it had been paid in time.
  if (wasExpired && hasShares(order)) await reviveShares(trx, 'order', order.id, now);
  const status = await fulfil(trx, current, goods, now);
  const events: NewEvent[] =
    status === 'delivered' ? [orderPaid(order, method, true), orderDelivered(order, 'cards')] : [paidEvent];
  await publishEvents(trx, events, now);
  return { applied: true, status };
}

/** Pays an order from the member's balance: one transaction for debit, ledger and delivery. */
export async function payByBalance(
  deps: Deps,
  ctx: ActorContext,
  orderNo: string,
  salePwd: string | undefined,
): Promise<PaymentOutcome> {
  const { db } = deps;
  const userId = ctx.actor.id;
  const order = await ordersRepo.byNo(db, ctx.site.id, orderNo);
  if (!order || order.user_id !== userId) throw businessError('ORDER_NOT_FOUND');
  if (order.status === 'expired') throw businessError('ORDER_EXPIRED');
  if (order.status !== 'unpaid') throw businessError('ORDER_NOT_PAYABLE');
  await requireSalePassword(db, callerOf(ctx), salePwd, 'balancePay');
  return db.transaction().execute(async (trx) => {
    // Claim the order first: a second concurrent payment of the same order stops here.
    const outcome = await applyPayment(trx, order.id, {
      method: 'balance',
      amount: order.amount,
      ref: `balance:${userId}`,
    });
    if (!outcome.applied) throw businessError('ORDER_NOT_PAYABLE');
    if (order.amount > 0) {
      await debitBalance(trx, {
        userId,
        amount: order.amount,
        type: 'order_pay',
        refType: 'order',
        refId: order.order_no,
        memo: purchaseMemo(order),
      });
    }
    return outcome;
  });
}

/** The expiry job: an order still unpaid at its deadline gives its stock back. */
export async function expireOrder(db: Db, orderId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const order = await ordersRepo.byId(trx, orderId);
    if (!order || order.status !== 'unpaid') return false;
    if (!(await moveOrder(trx, order.id, 'unpaid', 'expired'))) return false;
    await giveBackStock(trx, order);
    if (hasShares(order)) await voidShares(trx, 'order', order.id, Date.now());
    return true;
  });
}

/** The buyer gives up an unpaid order: stock goes back at once. */
export async function cancelOrder(db: Db, order: OrderRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await moveOrder(trx, order.id, 'unpaid', 'cancelled'))) throw businessError('ORDER_STATE_INVALID');
    await giveBackStock(trx, order);
    if (hasShares(order)) await voidShares(trx, 'order', order.id, Date.now());
  });
}

/**
 * Refunds a paid order (staff, or a failed manual/recharge fulfilment): members get the money
 * back on their balance; visitors' orders are flagged refund_due until staff pay them back
 * outside and confirm (refund_due → refunded). Count stock of undelivered goods goes back.
 */
export async function refundOrder(
  db: Db,
  orderId: number,
  reason: string,
  operator: string,
  /** How a visitor's refund_due money went back (payments says when it refunds through the gateway). */
  paidBack: 'gateway' | 'manual' = 'manual',
  /** More work of the caller in the same transaction (staff's refund writes its audit row). */
  within?: (trx: Db) => Promise<void>,
): Promise<OrderRow['status']> {
  return db.transaction().execute(async (trx) => {
    const order = await ordersRepo.byId(trx, orderId);
    if (!order) throw businessError('ORDER_NOT_FOUND');
    await within?.(trx);
    const now = Date.now();
    const remaining = order.paid_amount - order.refund_amount;
    if (order.status === 'refund_due') {
      await mustMoveOrder(trx, order.id, 'refund_due', 'refunded', {
        refund_amount: order.paid_amount,
        refunded_at: now,
        refund_reason: `${order.refund_reason ?? ''}（${reason}）`.slice(0, 200),
      });
      const refund = { amount: remaining, refundedTotal: order.paid_amount, whole: true, to: paidBack };
      await publishEvents(trx, [orderRefunded(order, refund)], now);
      return 'refunded';
    }
    if (order.status !== 'pending' && order.status !== 'delivered') throw businessError('ORDER_STATE_INVALID');
    if (order.status === 'pending' && order.goods_type !== 'card')
      await returnCountStock(trx, order.goods_id, order.quantity);
    if (order.status === 'delivered' && order.goods_type === 'card') await voidOrderCards(trx, order.id);
    // Every link gives back the rest of its margin (decision 0009), whoever gets the money back.
    if (hasShares(order)) await reverseShares(trx, 'order', order.id, remaining, order.paid_amount, true, now);
    // A supplier's entry goes back whole, and their open task closes (decision 0011).
    if (order.goods_owner_id !== null) await supplyRefunded(trx, order, order.paid_amount, true, now);
    if (order.payee_site_id !== null) {
      // The buyer paid the site owner directly (decision 0010): the platform gives the owner the cost
      // back, and the owner pays the buyer back — never the platform's balance.
      const owner = await sitePayeeOf(trx, order.payee_site_id);
      if (owner && order.site_cost > 0)
        await returnOwnerCost(trx, owner.ownerId, order.order_no, order.site_cost, `订单退款，退回进货款：${reason}`);
      if (remaining > 0) {
        await mustMoveOrder(trx, order.id, order.status, 'refund_due', { refund_reason: reason, site_cost: 0 });
        await publishEvents(trx, [orderOwnerRefundDue(order, owner?.ownerId ?? 0, remaining, 'refund')], now);
        return 'refund_due';
      }
    }
    if (order.user_id === null && remaining > 0) {
      await mustMoveOrder(trx, order.id, order.status, 'refund_due', { refund_reason: reason });
      return 'refund_due';
    }
    if (order.user_id !== null && remaining > 0) {
      await creditBalance(trx, {
        userId: order.user_id,
        amount: remaining,
        type: 'order_refund',
        refType: 'order',
        refId: order.order_no,
        memo: reason,
        operator,
      });
    }
    await mustMoveOrder(trx, order.id, order.status, 'refunded', {
      refund_amount: order.paid_amount,
      refund_reason: reason,
      refunded_at: now,
      site_cost: 0,
    });
    const to = order.user_id !== null && order.payee_site_id === null ? ('balance' as const) : paidBack;
    const refund = { amount: Math.max(0, remaining), refundedTotal: order.paid_amount, whole: true, to };
    await publishEvents(trx, [orderRefunded(order, refund)], now);
    return 'refunded';
  });
}
