import { formatDateTime } from '../../core/time.js';
import { writeAudit } from '../../core/calls.js';
import {
  GoodsTypeLabels,
  ORDER_EXPORT_MAX_ROWS,
  OrderStatusLabels,
  payMethodLabel,
  readBuyerInputs,
  type AdminOrderDetail,
  type AdminOrderRow,
  type CheckoutSettings,
  type MemberLabel,
  type CsvExport,
  type MyOrderListInput,
  type adminOrderExportInput,
  type myOrderExportInput,
  type OrderCreateInput,
  type OrderDetail,
  type OrderSummary,
  type Paged,
  type RepealRow,
  type VisitorOrderStatuses,
  type z,
  type adminOrderListInput,
  type orderDeliverInput,
} from '@kapu/contract';
import type { ActorContext, RequestContext } from '../../core/context.js';
import { safeEqual } from '../../core/crypto.js';
import { csvCell, csvDocument } from '../../core/csv.js';
import { fenToYuan } from '../../core/money.js';
import { mapPage } from '../../core/paging.js';
import { businessError } from '../../core/errors.js';
import { cardBoxFor } from '../../core/secret-box.js';
import type { Deps } from '../../deps.js';
import type { Db } from '../../core/db/connect.js';
import { creditBalance } from '../funds/index.js';
import { memberIdByRef, memberLabels } from '../accounts/index.js';
import { findGoodsOfShop, rechargeTemplateOf } from '../catalog/index.js';
import { reverseShares } from '../profits/index.js';
import { PLATFORM_SITE_ID, siteLabels } from '../sites/index.js';
import {
  cardsOfOrder,
  decideRepeal,
  openOrderCards,
  repealLink,
  repealLinks,
  requestRepeal,
  lockOrderCards,
  voidSoldCards,
  type DeliveredCard,
  type OrderCardRow,
} from '../stock/index.js';
import { mustMoveOrder } from './order-machine.js';
import { EXPIRE_JOB, type OrderFlows, type OrderRedemption } from './order-flows.js';
import { ordersRepo as repo, type OrderRow } from './orders.repo.js';
import { visitorOrderToken } from './query-password.js';
import { checkoutSettings, saveCheckoutSettings } from './checkout-settings.js';
import { openVisitorOrder, type VisitorCredentials } from './visitor-access.js';
import { publishEvent } from '../../core/events.js';
import { moveOrderByHand } from './hand-delivery.js';

/** Where an order was placed, as staff lists show it (null: the platform). */
function siteOf(sites: Map<number, { title: string; path: string | null }>, siteId: number) {
  const site = sites.get(siteId);
  return site ? { id: siteId, ...site } : null;
}

export function ordersService(deps: Deps, flows: OrderFlows) {
  const { db, config } = deps;
  const box = cardBoxFor(config.dataDir);
  const time = (ms: number | null) => (ms ? formatDateTime(ms, config.timeZone) : '');

  // The expiry job lives with the orders it expires; several instances share it (jobs table).
  deps.jobs.register(EXPIRE_JOB, async (payload) => {
    await flows.expireOrder(db, (payload as { orderId: number }).orderId);
  });

  function summary(o: OrderRow): OrderSummary {
    return {
      orderNo: o.order_no,
      goodsId: o.goods_id,
      goodsName: o.goods_name,
      goodsType: o.goods_type,
      unitPrice: o.unit_price,
      quantity: o.quantity,
      amount: o.amount,
      status: o.status,
      statusText: OrderStatusLabels[o.status],
      contact: o.contact,
      payMethod: o.pay_method ?? '',
      payMethodText: payMethodLabel(o.pay_method),
      createdAt: time(o.created_at),
      paidAt: time(o.paid_at),
      deliveredAt: time(o.delivered_at),
      expiresAt: o.expires_at,
      refundAmount: o.refund_amount,
      express:
        o.goods_type === 'physical'
          ? { carrier: o.express_carrier ?? '', trackingNo: o.express_no ?? '', shippedAt: time(o.shipped_at) }
          : null,
    };
  }

  /** The full view, with decrypted cards: only for a reader already proven to be the buyer or staff with cards.view. */
  /** The buyer's answers; orders from before labels were stored borrow the goods' current labels. */
  async function buyerInputsOf(o: OrderRow) {
    if (!o.recharge_inputs?.startsWith('{')) return readBuyerInputs(o.recharge_inputs);
    const goods = await findGoodsOfShop(db, o.goods_id).catch(() => null);
    return readBuyerInputs(o.recharge_inputs, goods ? rechargeTemplateOf(goods) : []);
  }

  async function detail(o: OrderRow, withCards: boolean, cardRows?: OrderCardRow[]): Promise<OrderDetail> {
    // Cards are linked to an order only when it is delivered (delivered_at is set then).
    // Manual goods bought from an upstream shop (docking) carry the upstream's cards the same way.
    const delivered = withCards && (o.goods_type === 'card' || o.goods_type === 'manual') && o.delivered_at !== null;
    const cards: DeliveredCard[] = !delivered
      ? []
      : cardRows
        ? openOrderCards(box, cardRows)
        : await cardsOfOrder(db, box, o.id);
    const buyerInputs = await buyerInputsOf(o);
    // Added onto the fresh summary, not spread into a new object (core/objects.ts says why).
    return Object.assign(summary(o), {
      remark: o.remark,
      deliveryText: o.delivery_text ?? '',
      buyerInputs,
      ship:
        o.goods_type === 'physical'
          ? { name: o.ship_name ?? '', phone: o.ship_phone ?? '', address: o.ship_address ?? '' }
          : null,
      refundReason: o.refund_reason ?? '',
      refundedAt: time(o.refunded_at),
      cards,
    });
  }

  function ordersCsv(
    title: string,
    rows: OrderRow[],
    staff: boolean,
    members = new Map<number, MemberLabel>(),
  ): CsvExport {
    const kept = rows.slice(0, ORDER_EXPORT_MAX_ROWS);
    const header = [
      '订单号',
      '商品',
      '类型',
      '单价(元)',
      '数量',
      '金额(元)',
      '状态',
      '联系方式',
      '支付方式',
      '下单时间',
      '支付时间',
      ...(staff ? ['会员编号', '会员登录名', '成本单价(元)', '下单IP'] : []),
    ];
    const lines = kept.map((o) => [
      // The trailing tab keeps spreadsheets from showing the long number in scientific notation.
      csvCell(`${o.order_no}\t`),
      csvCell(o.goods_name),
      csvCell(GoodsTypeLabels[o.goods_type]),
      csvCell(fenToYuan(o.unit_price), false),
      csvCell(o.quantity, false),
      csvCell(fenToYuan(o.amount), false),
      csvCell(OrderStatusLabels[o.status]),
      csvCell(o.contact ?? ''),
      csvCell(payMethodLabel(o.pay_method)),
      csvCell(time(o.created_at)),
      csvCell(time(o.paid_at)),
      ...(staff
        ? [
            csvCell(members.get(o.user_id ?? 0)?.userNo ?? ''),
            csvCell(members.get(o.user_id ?? 0)?.loginName ?? ''),
            csvCell(fenToYuan(o.unit_cost), false),
            csvCell(o.client_ip ?? ''),
          ]
        : []),
    ]);
    const day = time(Date.now()).slice(0, 10);
    return {
      filename: `${title}-${day}.csv`,
      count: kept.length,
      truncated: rows.length > kept.length,
      content: csvDocument(header, lines),
    };
  }

  /**
   * A visitor order's answer carries its access token (for 本机订单); members' orders do not need one.
   * `answer` is the view just built for this answer: the token is added onto it (core/objects.ts).
   */
  function withAccessToken<T extends object>(o: OrderRow, answer: T): T & { accessToken?: string } {
    if (o.user_id !== null) return answer;
    return Object.assign(answer, { accessToken: visitorOrderToken(config.dataDir, o.order_no) });
  }

  /** A member's own order, or ORDER_NOT_FOUND (someone else's order looks missing). */
  async function mine(ctx: ActorContext, orderNo: string) {
    const o = await repo.byNoAnySite(db, orderNo);
    if (!o || o.user_id === null || o.user_id !== ctx.actor.id) throw businessError('ORDER_NOT_FOUND');
    return o;
  }

  /** Staff: an order of any site (the platform's admin sees every site's orders). */
  async function byNo(_ctx: RequestContext, orderNo: string) {
    const o = await repo.byNoAnySite(db, orderNo);
    if (!o) throw businessError('ORDER_NOT_FOUND');
    return o;
  }

  return {
    async create(ctx: RequestContext, input: OrderCreateInput): Promise<OrderDetail> {
      const { orderId, paidRow, paidCards } = await flows.createOrder(deps, ctx, input);
      const o = paidRow ?? (await repo.byId(db, orderId))!;
      // The creator is the buyer: a zero-amount or balance-paid card order shows its cards at once.
      return withAccessToken(o, await detail(o, true, paidCards));
    },

    /** An order paid by a redemption code (cdk module): answered like a new order, cards shown to its redeemer. */
    async redeem(ctx: RequestContext, input: OrderCreateInput, redemption: OrderRedemption): Promise<OrderDetail> {
      const { orderId } = await flows.createOrder(deps, ctx, input, redemption);
      const o = (await repo.byId(db, orderId))!;
      return withAccessToken(o, await detail(o, true));
    },

    async payByBalance(ctx: ActorContext, orderNo: string, salePwd: string | undefined): Promise<OrderDetail> {
      if (ctx.area !== 'user' || !ctx.actor) throw businessError('VISITOR_CANNOT_USE_BALANCE');
      await flows.payByBalance(deps, ctx, orderNo, salePwd);
      return detail(await mine(ctx, orderNo), true);
    },

    async cancel(ctx: ActorContext, orderNo: string) {
      const o = await mine(ctx, orderNo);
      if (o.status !== 'unpaid') throw businessError('ORDER_STATE_INVALID');
      await flows.cancelOrder(db, o);
    },

    async myList(ctx: ActorContext, input: MyOrderListInput): Promise<Paged<OrderSummary>> {
      const orders = await repo.page(
        db,
        {
          userId: ctx.actor.id,
          status: input.status,
          type: input.type,
          keyword: input.keyword,
          from: input.from,
          to: input.to,
        },
        input.page,
        input.pageSize,
      );
      return mapPage(orders, summary);
    },

    async myDetail(ctx: ActorContext, orderNo: string): Promise<OrderDetail> {
      return detail(await mine(ctx, orderNo), true);
    },

    /** Days of order history visitors may look up (setting orders.lookup_key_day; default 90). */
    lookupDays(): number {
      return checkoutSettings(deps.settings).lookupDays;
    },

    /** Stock holding and visitor caps (admin 订单设置). */
    checkoutSettings() {
      return checkoutSettings(deps.settings);
    },
    async saveCheckoutSettings(ctx: RequestContext, values: CheckoutSettings) {
      await db.transaction().execute(async (trx) => {
        await saveCheckoutSettings(deps.settings, values, trx);
        await writeAudit(ctx, trx);
      });
      return checkoutSettings(deps.settings);
    },

    /** /chadan: order number plus the query password or the contact — never the number alone. */
    async lookup(ctx: RequestContext, input: VisitorCredentials): Promise<OrderDetail> {
      const o = await openVisitorOrder(db, config.dataDir, ctx.site.id, input, {
        allowContact: true,
        allowMemberOrders: true,
      });
      // The credentials were right: saying why is no oracle.
      const days = checkoutSettings(deps.settings).lookupDays;
      if (o.created_at < Date.now() - days * 86_400_000)
        throw businessError('LOOKUP_FAILED', `仅可查询最近 ${days} 天内的订单，更早的订单请联系客服`);
      return withAccessToken(o, await detail(o, true));
    },

    /** A visitor cancels their own unpaid order (number + query password); its stock returns at once. */
    async visitorCancel(ctx: RequestContext, input: VisitorCredentials): Promise<OrderDetail> {
      const o = await openVisitorOrder(db, config.dataDir, ctx.site.id, {
        orderNo: input.orderNo,
        queryPassword: input.queryPassword,
      });
      if (o.status !== 'unpaid') throw businessError('ORDER_STATE_INVALID');
      await flows.cancelOrder(db, o);
      const after = (await repo.byId(db, o.id))!;
      return withAccessToken(after, await detail(after, true));
    },

    /**
     * 本机订单: the current status of the visitor orders this browser holds, in one call, by
     * each order's access token (handed out with the order); a wrong token reads as unknown.
     */
    async visitorStatuses(
      ctx: RequestContext,
      orders: { orderNo: string; accessToken: string }[],
    ): Promise<VisitorOrderStatuses> {
      const answers: VisitorOrderStatuses['list'] = [];
      for (const one of orders) {
        const o = await repo.byNo(db, ctx.site.id, one.orderNo);
        const valid = safeEqual(visitorOrderToken(config.dataDir, one.orderNo), one.accessToken);
        if (o && valid && o.user_id === null)
          answers.push({ orderNo: o.order_no, status: o.status, statusText: OrderStatusLabels[o.status] });
        else answers.push({ orderNo: one.orderNo, status: null });
      }
      return { list: answers };
    },

    async cardRepeal(ctx: ActorContext, orderNo: string, linkIds: number[], reason: string) {
      const o = await mine(ctx, orderNo);
      if (o.status !== 'delivered' || o.goods_type !== 'card') throw businessError('REPEAL_NOT_ALLOWED');
      const goods = await findGoodsOfShop(db, o.goods_id);
      if (goods.allow_repeal !== 1 || goods.loop_card === 1) throw businessError('REPEAL_NOT_ALLOWED');
      const ids = [...new Set(linkIds)];
      const links = await repealLinks(db, o.id, ids);
      if (links.length !== ids.length) throw businessError('NOT_FOUND', '所选卡密不属于该订单');
      if (links.some((l) => l.repeal_status === 'requested' || l.repeal_status === 'approved'))
        throw businessError('REPEAL_DUPLICATE');
      // An open complaint on the order holds it: a void and a complaint never both refund (decision 0011).
      // Both take the order's card rows' lock first, so of two racing the second sees the first; all or nothing.
      const heldByComplaint = async (q: Db) =>
        !(await deps.holds
          .whereNotHeld(q, q.selectFrom('orders').select('id').where('id', '=', o.id), 'id')
          .executeTakeFirst());
      return db.transaction().execute(async (trx) => {
        await lockOrderCards(trx, o.id);
        if (await heldByComplaint(trx)) throw businessError('COMPLAINT_BLOCKS_REPEAL');
        const n = await requestRepeal(trx, o.id, ids, reason, Date.now(), deps.holds);
        if (n !== ids.length)
          throw businessError((await heldByComplaint(trx)) ? 'COMPLAINT_BLOCKS_REPEAL' : 'REPEAL_DUPLICATE');
        return { requested: n };
      });
    },

    // ---------- admin ----------

    /** The member's orders under the list filters as a CSV file (newest first, capped). */
    async exportMine(ctx: ActorContext, input: z.infer<typeof myOrderExportInput>): Promise<CsvExport> {
      const rows = await repo.newest(
        db,
        {
          userId: ctx.actor.id,
          status: input.status,
          type: input.type,
          keyword: input.keyword,
          from: input.from,
          to: input.to,
        },
        ORDER_EXPORT_MAX_ROWS + 1,
      );
      return ordersCsv('我的订单', rows, false);
    },

    /** Staff: every order under the admin filters as a CSV file, with buyer, cost and IP. */
    async adminExport(ctx: RequestContext, input: z.infer<typeof adminOrderExportInput>): Promise<CsvExport> {
      const userId = input.member ? await memberIdByRef(db, input.member) : input.userId;
      const f = {
        userId,
        goodsId: input.goodsId,
        orderNo: input.orderNo,
        contact: input.contact,
        status: input.status,
        type: input.type,
        keyword: input.keyword,
        from: input.from,
        to: input.to,
      };
      const rows = await repo.newest(db, f, ORDER_EXPORT_MAX_ROWS + 1);
      const csv = ordersCsv(
        '订单',
        rows,
        true,
        await memberLabels(
          db,
          rows.map((o) => o.user_id),
        ),
      );
      // Nothing changes: the row records who took which orders out, on its own.
      await writeAudit(ctx, db, {
        target: 'orders:',
        after: { ...input, rows: Math.min(rows.length, ORDER_EXPORT_MAX_ROWS) },
      });
      return csv;
    },

    async adminList(ctx: RequestContext, input: z.infer<typeof adminOrderListInput>): Promise<Paged<AdminOrderRow>> {
      const userId = input.member ? await memberIdByRef(db, input.member) : input.userId;
      const orders = await repo.page(
        db,
        {
          userId,
          goodsId: input.goodsId,
          orderNo: input.orderNo,
          contact: input.contact,
          status: input.status,
          type: input.type,
          keyword: input.keyword,
          from: input.from,
          to: input.to,
          siteId: input.siteId,
        },
        input.page,
        input.pageSize,
      );
      const [members, sites] = await Promise.all([
        memberLabels(
          db,
          orders.list.map((o) => o.user_id),
        ),
        siteLabels(
          db,
          orders.list.map((o) => o.site_id),
        ),
      ]);
      return mapPage(orders, (o) => ({
        ...summary(o),
        member: o.user_id ? (members.get(o.user_id) ?? null) : null,
        unitCost: o.unit_cost,
        clientIp: o.client_ip,
        site: siteOf(sites, o.site_id),
      }));
    },

    async adminDetail(ctx: RequestContext, orderNo: string): Promise<AdminOrderDetail> {
      const o = await byNo(ctx, orderNo);
      // Staff see the cards only with cards.view.
      const member = o.user_id ? ((await memberLabels(db, [o.user_id])).get(o.user_id) ?? null) : null;
      return {
        ...(await detail(o, ctx.permissions.has('cards.view'))),
        member,
        unitCost: o.unit_cost,
        clientIp: o.client_ip,
        site: siteOf(await siteLabels(db, [o.site_id]), o.site_id),
      };
    },

    /** Manual/recharge: delivery text → delivered. Physical: carrier + tracking → shipped; shipped → delivered. */
    async deliver(ctx: RequestContext, input: z.infer<typeof orderDeliverInput>) {
      const o = await byNo(ctx, input.orderNo);
      const now = Date.now();
      // The move and its audit row commit together.
      type Status = OrderRow['status'];
      const move = (from: Status, to: Status, set: Parameters<typeof mustMoveOrder>[4]) =>
        db.transaction().execute(async (trx) => {
          await moveOrderByHand(trx, o, from, to, set ?? {}, now, 'staff', flows.supplierSettlement.delivered);
          await writeAudit(ctx, trx);
        });
      if (o.goods_type === 'physical') {
        if (o.status === 'pending') {
          if (!input.carrier || !input.trackingNo)
            throw businessError('BAD_INPUT', '请填写快递公司和快递单号', { field: 'trackingNo' });
          await move('pending', 'shipped', {
            express_carrier: input.carrier,
            express_no: input.trackingNo,
            shipped_at: now,
            delivery_text: input.deliveryText ?? null,
          });
          return { status: 'shipped' };
        }
        if (o.status === 'shipped') {
          await move('shipped', 'delivered', { delivered_at: now });
          return { status: 'delivered' };
        }
        throw businessError('ORDER_STATE_INVALID');
      }
      if (o.status !== 'pending') throw businessError('ORDER_STATE_INVALID');
      if (!input.deliveryText) throw businessError('BAD_INPUT', '请填写发货内容', { field: 'deliveryText' });
      await move('pending', 'delivered', { delivery_text: input.deliveryText, delivered_at: now });
      return { status: 'delivered' };
    },

    /** Full (no amount) or partial refund: the refund flow (flows/order-refund.ts), passed in as flows. */
    async refund(ctx: RequestContext, orderNo: string, reason: string, amount?: number) {
      return flows.refundOrderAmount(deps, ctx, await byNo(ctx, orderNo), reason, amount);
    },

    async repeals(
      ctx: RequestContext,
      status: string | undefined,
      page: number,
      pageSize: number,
    ): Promise<Paged<RepealRow>> {
      const repeals = await repo.repeals(db, status, page, pageSize);
      const members = await memberLabels(
        db,
        repeals.list.map((r) => r.user_id),
      );
      return mapPage(repeals, (r) => ({
        id: r.id,
        orderNo: r.order_no,
        member: r.user_id ? (members.get(r.user_id) ?? null) : null,
        goodsName: r.goods_name,
        amount: r.unit_price,
        // The query leaves out cards without a request ('none').
        status: r.repeal_status as RepealRow['status'],
        reason: r.repeal_reason ?? '',
        note: r.repeal_note ?? '',
        requestedAt: time(r.repeal_requested_at),
      }));
    },

    /** Approving voids the card and refunds its unit price to the buyer's balance, per request. */
    async handleRepeals(ctx: RequestContext, ids: number[], approve: boolean, note: string | undefined) {
      let handled = 0;
      for (const id of new Set(ids)) {
        const done = await db.transaction().execute(async (trx) => {
          const link = await repealLink(trx, id);
          if (!link || link.repeal_status !== 'requested') return false;
          const o = await repo.byId(trx, link.order_id);
          if (!o) return false;
          const now = Date.now();
          // The buyer's money is in the site owner's account: a card is refunded through the order's
          // refund (the owner pays back, the platform returns the cost), never to the platform balance.
          if (approve && o.payee_site_id !== null) throw businessError('SITE_PAY_OWNER_REFUND');
          if (!(await decideRepeal(trx, id, approve ? 'approved' : 'rejected', note, now))) return false;
          if (approve) {
            await voidSoldCards(trx, [link.card_id]);
            if (o.user_id !== null && o.unit_price > 0) {
              await creditBalance(trx, {
                userId: o.user_id,
                amount: o.unit_price,
                type: 'repeal_refund',
                refType: 'order',
                refId: o.order_no,
                memo: '卡密撤销退款',
                operator: ctx.actor?.name,
              });
            }
            await repo.addRefund(trx, o.id, o.unit_price, now);
            if (o.site_id !== PLATFORM_SITE_ID)
              await reverseShares(trx, 'order', o.id, o.unit_price, o.paid_amount, false, now);
            if (o.goods_owner_id !== null)
              await flows.supplierSettlement.refunded(trx, o, o.refund_amount + o.unit_price, false, now);
          }
          await writeAudit(ctx, trx, {
            target: `orders:${o.order_no}`,
            before: { cardId: link.card_id, status: 'requested' },
            after: { cardId: link.card_id, status: approve ? 'approved' : 'rejected', note: note ?? '' },
          });
          await publishEvent(trx, 'repeal.decided', {
            linkId: id,
            orderNo: o.order_no,
            userId: o.user_id,
            cardId: link.card_id,
            decision: approve ? 'approved' : 'rejected',
            refunded: approve ? o.unit_price : 0,
          });
          return true;
        });
        if (done) handled++;
      }
      return { handled };
    },
  };
}
export type OrdersService = ReturnType<typeof ordersService>;
