import { formFlag, pageInput, positiveId, type AnnouncementView } from './account-center.js';
import { ORDER_STATUSES, type GoodsType, type OrderStatus } from './commerce.js';
import type { DashboardPeriodKey } from './dashboard.js';
import { z } from './zod-setup.js';

/**
 * The site owner's back office (/vip/desktop, vipOrder, vipCustomer, vipChild, vipAnnouncement):
 * what a member who owns a sub-site sees of it — only their own site's orders, customers,
 * children and money (decision 0009). Money answered is integer fen, times are formatted text.
 */

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const opt = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());
const keyword = opt(z.string().trim().max(50, { error: '关键词不能超过 50 个字符' }));
const time = (label: string) =>
  opt(
    z.coerce
      .number({ error: `${label}不正确` })
      .int({ error: `${label}不正确` })
      .min(0, { error: `${label}不正确` }),
  );

/** A profit share's status (profits module), as the owner reads it. */
export type ProfitShareStatus = 'pending' | 'frozen' | 'released' | 'kept' | 'void' | 'reversed';
export const ProfitShareStatusLabels: Record<ProfitShareStatus, string> = {
  pending: '待结算',
  frozen: '冻结中',
  released: '已入账',
  kept: '已自收款',
  void: '已作废',
  reversed: '已退回',
};

/** Orders placed on my site: status, creation time range, order number or goods name, buyer. */
export const siteOrderListInput = z.object({
  status: opt(z.enum(ORDER_STATUSES, { error: '订单状态不正确' })),
  keyword,
  /** Epoch ms bounds on the creation time. */
  from: time('开始时间'),
  to: time('结束时间'),
  /** One buyer's orders (a customer's, from 分站会员). */
  userId: opt(positiveId),
  ...pageInput,
});
export type SiteOrderListInput = z.infer<typeof siteOrderListInput>;
/** The export takes the list's filters without paging (newest first, at most ORDER_EXPORT_MAX_ROWS). */
export const siteOrderExportInput = siteOrderListInput.omit({ page: true, pageSize: true });

/** My site's customers (members who registered on it), by login name or member number. */
export const siteCustomerListInput = z.object({ keyword, ...pageInput });

/** Basis points of my markup the customer pays: 0 (my cost) … 10000 (my normal price); blank clears it. */
export const SPECIAL_PRICE_MAX_BP = 10_000;
export const siteCustomerPriceInput = z.object({
  userId: positiveId,
  keepBp: opt(
    z.coerce
      .number({ error: '专属价比例须为整数' })
      .int({ error: '专属价比例须为整数' })
      .min(0, { error: '专属价比例不能小于 0' })
      .max(SPECIAL_PRICE_MAX_BP, { error: '专属价比例不能大于 100%' }),
  ),
});
export const siteCustomerDisableInput = z.object({ userId: positiveId, disabled: formFlag });

export const siteChildListInput = z.object({ keyword, ...pageInput });

/** My site, as the back office heads it. */
export interface SiteOfficeSite {
  id: number;
  title: string;
  path: string | null;
  status: 'active' | 'closed' | 'suspended' | 'expired';
  statusText: string;
  versionName: string;
  /** '' when it never expires. */
  expiresAt: string;
}

export interface SiteOfficePeriod {
  key: DashboardPeriodKey;
  /** Orders paid on my site in the period. */
  orders: number;
  /** Money kept from them: paid minus refunded (fen). */
  sales: number;
  /** My profit shares earned (delivered) in the period, net of refunds: frozen + released − reversed (fen). */
  profit: number;
  /** Members who registered on my site in the period. */
  newCustomers: number;
}

/** /vip/desktop: figures for today, 7 and 30 days, a 30-day daily series and where my profit stands. */
export interface SiteOfficeDesktop {
  site: SiteOfficeSite;
  periods: SiteOfficePeriod[];
  trend: { day: number; orders: number; sales: number; profit: number }[];
  profit: {
    /** Orders paid but not delivered yet: what they will bring once delivered (fen). */
    pending: number;
    /** Delivered, waiting for the freeze days to pass (refunds can still take it back). */
    frozen: number;
    /** Released into my balance: withdrawable. */
    released: number;
    /** Taken back by refunds, in all. */
    reversed: number;
    /** frozen + released: what I have earned so far. */
    earned: number;
  };
  customers: number;
  children: number;
}

/** One order placed on my site with my margin on it. */
export interface SiteOrderRow {
  orderNo: string;
  goodsName: string;
  goodsType: GoodsType;
  unitPrice: number;
  quantity: number;
  amount: number;
  refundAmount: number;
  status: OrderStatus;
  statusText: string;
  /** The buyer, masked: a member's login name or a visitor's contact. */
  buyer: string;
  buyerKind: 'member' | 'visitor';
  createdAt: string;
  paidAt: string;
  /** My share of the order less what refunds took back (fen); 0 when I earn nothing on it. */
  myProfit: number;
  myShareStatus: ProfitShareStatus | null;
  myShareStatusText: string;
}

/** One order in full, as far as the owner may see it: no cards, no delivery text, no contact in clear. */
export interface SiteOrderDetail extends SiteOrderRow {
  payMethodText: string;
  deliveredAt: string;
  refundedAt: string;
  myShare: {
    amount: number;
    reversed: number;
    status: ProfitShareStatus;
    statusText: string;
    frozenAt: string;
  } | null;
}

export interface SiteCustomerRow {
  userId: number;
  userNo: string;
  loginName: string;
  nickname: string;
  joinedAt: string;
  /** Paid orders on my site and the money kept from them (fen). */
  orders: number;
  spend: number;
  /** Basis points of my markup the customer pays; null: all of it (no special price). */
  keepBp: number | null;
  disabled: boolean;
}

export interface SiteChildRow {
  id: number;
  title: string;
  path: string | null;
  /** The owner's login name (a customer of my site). */
  owner: string;
  versionName: string;
  status: SiteOfficeSite['status'];
  statusText: string;
  expiresAt: string;
  createdAt: string;
  /** Paid orders placed on the child site, and the money kept from them (fen). */
  orders: number;
  sales: number;
  /** My profit shares on orders placed on the child site and the sites below it (frozen + released, fen). */
  earned: number;
  /** Sites opened under the child (not `children`: tables read that field as nested rows). */
  childCount: number;
}

/** An announcement of my site, with whether it is published. */
export interface SiteAnnouncementView extends AnnouncementView {
  status: 'published' | 'draft';
}
