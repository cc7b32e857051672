import { sql } from 'kysely';
import {
  DASHBOARD_TREND_DAYS,
  ORDER_EXPORT_MAX_ROWS,
  OrderStatusLabels,
  ProfitShareStatusLabels,
  payMethodLabel,
  type CsvExport,
  type Paged,
  type SiteAnnouncementView,
  type SiteChildRow,
  type SiteCustomerRow,
  type SiteOfficeDesktop,
  type SiteOfficeSite,
  type SiteOrderDetail,
  type SiteOrderListInput,
  type SiteOrderRow,
  type announcementSaveInput,
  type siteChildListInput,
  type siteCustomerDisableInput,
  type siteCustomerListInput,
  type siteCustomerPriceInput,
  type siteOrderExportInput,
  type z,
} from '@kapu/contract';
import { writeAudit } from '../../core/calls.js';
import type { ActorContext } from '../../core/context.js';
import { csvCell, csvDocument } from '../../core/csv.js';
import { businessError } from '../../core/errors.js';
import { fenToYuan } from '../../core/money.js';
import { startOfDay, formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { isMemberOfSite, memberLabels, membersOfSitePage, membersOfSiteSince } from '../accounts/index.js';
import {
  announcementOfSite,
  announcementValues,
  deleteAnnouncement,
  insertAnnouncement,
  siteAnnouncementsPage,
  updateAnnouncement,
} from '../content/index.js';
import {
  orderSitesTable,
  ordersRepo,
  salesOfSites,
  salesPeriods,
  salesTrend,
  spendOfCustomers,
  type OrderRow,
} from '../orders/index.js';
import {
  earnedSharesOfSite,
  shareTotalsOfSite,
  sharesOfOrdersAtSite,
  siteProfitByDay,
  siteProfitSince,
  type SiteShare,
} from '../profits/index.js';
import {
  childSitesCount,
  childSitesPage,
  customerTermsOf,
  ownedSite,
  saveCustomerTerms,
  siteHeader,
  sitesUnderChildren,
  purchaseSitesTable,
  type OwnedSite,
} from '../sites/index.js';
import { maskContact, maskLoginName } from './mask.js';

const DAY = 86_400_000;

const SITE_STATUS_TEXT: Record<SiteOfficeSite['status'], string> = {
  active: '正常',
  closed: '已关闭',
  suspended: '已暂停',
  expired: '已到期',
};

/**
 * The site owner's back office (issue #12): desktop figures, the orders placed on their site with
 * their margin, their customers and those customers' terms, their child sites and what those
 * earned them, and their site's announcements. Every read and write is scoped to the one site the
 * actor owns (`ownedSite`); ids of another site's orders, customers or announcements are not found.
 * This module owns no table: each figure is its owner's query (orders, profits, accounts, sites,
 * content), composed here.
 */
export function siteOfficeService(deps: Deps) {
  const { db, config } = deps;
  const time = (ms: number | null | undefined) => (ms ? formatDateTime(ms, config.timeZone) : '');

  /** The site the actor owns, or NOT_SITE_OWNER (members without a site see the offer to open one). */
  async function mySite(ctx: ActorContext): Promise<OwnedSite> {
    const site = await ownedSite(db, ctx.actor.id);
    if (!site) throw businessError('NOT_SITE_OWNER');
    return site;
  }

  function buyerOf(o: OrderRow, names: Map<number, { loginName: string }>) {
    if (o.user_id === null) return { buyer: maskContact(o.contact ?? ''), buyerKind: 'visitor' as const };
    return { buyer: maskLoginName(names.get(o.user_id)?.loginName ?? ''), buyerKind: 'member' as const };
  }

  function orderRow(
    o: OrderRow,
    share: SiteShare | undefined,
    names: Map<number, { loginName: string }>,
  ): SiteOrderRow {
    return {
      orderNo: o.order_no,
      goodsName: o.goods_name,
      goodsType: o.goods_type,
      unitPrice: o.unit_price,
      quantity: o.quantity,
      amount: o.amount,
      refundAmount: Number(o.refund_amount),
      status: o.status,
      statusText: OrderStatusLabels[o.status],
      ...buyerOf(o, names),
      createdAt: time(o.created_at),
      paidAt: time(o.paid_at),
      myProfit: share && share.status !== 'void' ? share.amount - share.reversed : 0,
      myShareStatus: share?.status ?? null,
      myShareStatusText: share ? ProfitShareStatusLabels[share.status] : '',
    };
  }

  /** Each order with my share of it and its buyer, in two reads for the whole page. */
  async function orderRows(siteId: number, orders: OrderRow[]): Promise<SiteOrderRow[]> {
    const [shares, names] = await Promise.all([
      sharesOfOrdersAtSite(
        db,
        siteId,
        orders.map((o) => o.id),
      ),
      memberLabels(
        db,
        orders.map((o) => o.user_id),
      ),
    ]);
    return orders.map((o) => orderRow(o, shares.get(o.id), names));
  }

  const orderFilter = (siteId: number, input: z.output<typeof siteOrderExportInput>) => ({
    siteId,
    userId: input.userId,
    status: input.status,
    keyword: input.keyword,
    from: input.from,
    to: input.to,
  });

  /** My shares on orders placed on each of the given children's sites or below them, in one statement. */
  async function earnedFromChildren(siteId: number, childIds: number[]): Promise<Map<number, number>> {
    if (childIds.length === 0) return new Map();
    // Margins on orders placed below each child, and on the versions those sites bought (open, renew, upgrade).
    const sumBy = (refType: 'order' | 'purchase') =>
      db
        .selectFrom(earnedSharesOfSite(db, siteId, refType).as('s'))
        .innerJoin((refType === 'order' ? orderSitesTable(db) : purchaseSitesTable(db)).as('o'), 'o.id', 's.order_id')
        .innerJoin(sitesUnderChildren(db, siteId, childIds).as('t'), 't.site_id', 'o.site_id')
        .groupBy('t.child_id')
        .select(['t.child_id', sql<string>`sum(s.kept)`.as('earned')])
        .execute();
    const earned = new Map<number, number>();
    for (const r of (await Promise.all([sumBy('order'), sumBy('purchase')])).flat())
      earned.set(Number(r.child_id), (earned.get(Number(r.child_id)) ?? 0) + Number(r.earned ?? 0));
    return earned;
  }

  return {
    async desktop(ctx: ActorContext): Promise<SiteOfficeDesktop> {
      const site = await mySite(ctx);
      const today = startOfDay(Date.now(), config.timeZone);
      const starts = { today, week: today - 6 * DAY, month: today - 29 * DAY };
      const trendFrom = today - (DASHBOARD_TREND_DAYS - 1) * DAY;
      const [header, periods, trend, profits, dailyProfit, totals, members, children] = await Promise.all([
        siteHeader(db, site.id),
        salesPeriods(db, site.id, today),
        salesTrend(db, site.id, today),
        siteProfitSince(db, site.id, starts),
        siteProfitByDay(db, site.id, trendFrom, DASHBOARD_TREND_DAYS),
        shareTotalsOfSite(db, site.id),
        membersOfSiteSince(db, site.id, starts),
        childSitesCount(db, site.id).executeTakeFirstOrThrow(),
      ]);
      return {
        site: {
          id: site.id,
          title: site.title,
          path: site.path,
          status: site.status,
          statusText: SITE_STATUS_TEXT[site.status],
          versionName: header?.versionName ?? '',
          expiresAt: time(header?.expiresAt),
        },
        // Sales and orders are the orders placed on my site; profit is every share I earned (on my
        // site's orders and on those of the sites below it), by the day it was earned (delivery).
        periods: periods.map((p) => ({
          key: p.key,
          orders: p.orders,
          sales: p.sales,
          profit: profits[p.key],
          newCustomers: members.since[p.key],
        })),
        trend: trend.map((d, i) => ({ day: d.day, orders: d.orders, sales: d.sales, profit: dailyProfit[i] ?? 0 })),
        profit: { ...totals, earned: totals.frozen + totals.released },
        customers: members.total,
        children: Number(children.n ?? 0),
      };
    },

    async orders(ctx: ActorContext, input: SiteOrderListInput): Promise<Paged<SiteOrderRow>> {
      const site = await mySite(ctx);
      const page = await ordersRepo.page(db, orderFilter(site.id, input), input.page, input.pageSize);
      return { ...page, list: await orderRows(site.id, page.list) };
    },

    /** One order placed on my site, without its cards or delivery text; any other order is not found. */
    async orderDetail(ctx: ActorContext, orderNo: string): Promise<SiteOrderDetail> {
      const site = await mySite(ctx);
      const o = await ordersRepo.byNo(db, site.id, orderNo);
      if (!o) throw businessError('ORDER_NOT_FOUND');
      const [shares, names] = await Promise.all([
        sharesOfOrdersAtSite(db, site.id, [o.id]),
        memberLabels(db, [o.user_id]),
      ]);
      const share = shares.get(o.id);
      return {
        ...orderRow(o, share, names),
        payMethodText: payMethodLabel(o.pay_method),
        deliveredAt: time(o.delivered_at),
        refundedAt: time(o.refunded_at),
        myShare: share
          ? {
              amount: share.amount,
              reversed: share.reversed,
              status: share.status,
              statusText: ProfitShareStatusLabels[share.status],
              frozenAt: time(share.frozenAt),
            }
          : null,
      };
    },

    /** The orders of my site under the list filters as a CSV file (newest first, capped), my profit on each. */
    async exportOrders(ctx: ActorContext, input: z.output<typeof siteOrderExportInput>): Promise<CsvExport> {
      const site = await mySite(ctx);
      const found = await ordersRepo.newest(db, orderFilter(site.id, input), ORDER_EXPORT_MAX_ROWS + 1);
      const kept = found.slice(0, ORDER_EXPORT_MAX_ROWS);
      const rows = await orderRows(site.id, kept);
      const header = [
        '订单号',
        '商品',
        '单价(元)',
        '数量',
        '金额(元)',
        '已退款(元)',
        '状态',
        '买家',
        '下单时间',
        '支付时间',
        '我的利润(元)',
        '利润状态',
      ];
      const lines = rows.map((r) => [
        // The trailing tab keeps spreadsheets from showing the long number in scientific notation.
        csvCell(`${r.orderNo}\t`),
        csvCell(r.goodsName),
        csvCell(fenToYuan(r.unitPrice), false),
        csvCell(r.quantity, false),
        csvCell(fenToYuan(r.amount), false),
        csvCell(fenToYuan(r.refundAmount), false),
        csvCell(r.statusText),
        csvCell(r.buyer),
        csvCell(r.createdAt),
        csvCell(r.paidAt),
        csvCell(fenToYuan(r.myProfit), false),
        csvCell(r.myShareStatusText),
      ]);
      return {
        filename: `分站订单-${time(Date.now()).slice(0, 10)}.csv`,
        count: kept.length,
        truncated: found.length > kept.length,
        content: csvDocument(header, lines),
      };
    },

    async customers(ctx: ActorContext, input: z.output<typeof siteCustomerListInput>): Promise<Paged<SiteCustomerRow>> {
      const site = await mySite(ctx);
      const page = await membersOfSitePage(db, site.id, input);
      const ids = page.list.map((m) => m.id);
      const [spend, terms] = await Promise.all([spendOfCustomers(db, site.id, ids), customerTermsOf(db, site.id, ids)]);
      return {
        ...page,
        list: page.list.map((m) => ({
          userId: m.id,
          userNo: m.userNo,
          loginName: m.loginName,
          nickname: m.nickname,
          joinedAt: time(m.createdAt),
          orders: spend.get(m.id)?.orders ?? 0,
          spend: spend.get(m.id)?.sales ?? 0,
          keepBp: terms.get(m.id)?.keepBp ?? null,
          disabled: terms.get(m.id)?.disabled ?? false,
        })),
      };
    },

    /** A customer's special price: the share of my markup they pay (blank: all of it). */
    async setCustomerPrice(ctx: ActorContext, input: z.output<typeof siteCustomerPriceInput>) {
      return saveTerms(ctx, input.userId, { keepBp: input.keepBp ?? null });
    },

    /** A disabled customer cannot buy on my site (CUSTOMER_DISABLED at checkout). */
    async setCustomerDisabled(ctx: ActorContext, input: z.output<typeof siteCustomerDisableInput>) {
      return saveTerms(ctx, input.userId, { disabled: input.disabled });
    },

    async children(ctx: ActorContext, input: z.output<typeof siteChildListInput>): Promise<Paged<SiteChildRow>> {
      const site = await mySite(ctx);
      const page = await childSitesPage(db, site.id, input);
      const ids = page.list.map((c) => c.id);
      const [sales, earned, owners] = await Promise.all([
        salesOfSites(db, ids),
        earnedFromChildren(site.id, ids),
        memberLabels(
          db,
          page.list.map((c) => c.ownerId),
        ),
      ]);
      return {
        ...page,
        list: page.list.map((c) => ({
          id: c.id,
          title: c.title,
          path: c.path,
          owner: owners.get(c.ownerId ?? 0)?.loginName ?? '',
          versionName: c.versionName,
          status: c.status,
          statusText: SITE_STATUS_TEXT[c.status],
          expiresAt: time(c.expiresAt),
          createdAt: time(c.createdAt),
          orders: sales.get(c.id)?.orders ?? 0,
          sales: sales.get(c.id)?.sales ?? 0,
          earned: earned.get(c.id) ?? 0,
          childCount: c.children,
        })),
      };
    },

    async announcements(
      ctx: ActorContext,
      input: { page: number; pageSize: number },
    ): Promise<Paged<SiteAnnouncementView>> {
      const site = await mySite(ctx);
      return siteAnnouncementsPage(db, site.id, input, config.timeZone);
    },

    /** Creates or edits one of my site's announcements; the body is sanitised like the admin's. */
    async saveAnnouncement(ctx: ActorContext, input: z.output<typeof announcementSaveInput>) {
      const site = await mySite(ctx);
      const values = announcementValues(input, Date.now());
      if (!input.id) return { id: await insertAnnouncement(db, site.id, ctx.actor.id, values) };
      await announcementOfSite(db, site.id, input.id);
      await updateAnnouncement(db, site.id, input.id, values);
      return { id: input.id };
    },

    async deleteAnnouncement(ctx: ActorContext, id: number) {
      const site = await mySite(ctx);
      await announcementOfSite(db, site.id, id);
      await deleteAnnouncement(db, site.id, id);
    },
  };

  /** Changes one customer's terms at my site; only members who registered on it are its customers. */
  async function saveTerms(ctx: ActorContext, userId: number, patch: { keepBp?: number | null; disabled?: boolean }) {
    const site = await mySite(ctx);
    if (!(await isMemberOfSite(db, userId, site.id))) throw businessError('CUSTOMER_NOT_FOUND');
    await db.transaction().execute(async (trx) => {
      const before = (await customerTermsOf(trx, site.id, [userId])).get(userId) ?? { keepBp: null, disabled: false };
      await saveCustomerTerms(trx, site.id, userId, patch, Date.now());
      await writeAudit(ctx, trx, { siteId: site.id, target: `user:${userId}`, before, after: patch });
    });
    // Prices and the disabled check read the terms from a per-process cache: every instance drops it.
    await deps.caches.changed('site-rules');
    const terms = (await customerTermsOf(db, site.id, [userId])).get(userId);
    return { userId, keepBp: terms?.keepBp ?? null, disabled: terms?.disabled ?? false };
  }
}
export type SiteOfficeService = ReturnType<typeof siteOfficeService>;
