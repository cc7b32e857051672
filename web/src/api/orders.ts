import type {
  AdminOrderDetail,
  AdminOrderRow,
  CheckoutSettings,
  CsvExport,
  GoodsType,
  MyRepealRow,
  OrderDetail,
  OrderStatus,
  OrderSummary,
  Paged,
  RepealRow,
  VisitorOrderStatuses,
} from '@kapu/contract';
import { postForm, type FormValue } from '@/app/http/client';
import { adminUrl } from '@/app/http/admin-path';

export interface OrderCreateForm {
  goodsId: number;
  quantity: number;
  contact?: string;
  queryPassword?: string;
  /** JSON text of {fieldKey: value}. */
  rechargeInputs?: string;
  shipName?: string;
  shipPhone?: string;
  shipAddress?: string;
  remark?: string;
  /** 'balance': pay from the member's balance while ordering (one step, delivered at once). */
  payBy?: 'balance';
  salePwd?: string;
  /** Asked of visitors who already hold unpaid orders. */
  captchaId?: string;
  captcha?: string;
  /** The unit price (fen) the buyer was shown; another price answers PRICE_CHANGED. */
  expectedPrice?: number;
}
export interface OrderListQuery {
  status?: OrderStatus;
  type?: GoodsType;
  keyword?: string;
  from?: number;
  to?: number;
  page?: number;
  pageSize?: number;
}

const form = (q: object) => q as Record<string, FormValue>;

/** 创建订单（会员或游客；会员可同时用余额支付） POST /inside/order/create */
export function createOrder(values: OrderCreateForm) {
  return postForm<OrderDetail>('/inside/order/create', form(values));
}

/** 余额支付 POST /inside/order/payByBalance */
export function payByBalance(orderNo: string, salePwd?: string) {
  return postForm<OrderDetail>('/inside/order/payByBalance', { orderNo, salePwd });
}

/** 取消未支付订单 POST /inside/order/cancel */
export function cancelOrder(orderNo: string) {
  return postForm<null>('/inside/order/cancel', { orderNo });
}

/** 我的订单 POST /inside/order/getList */
export function getMyOrders(query: OrderListQuery) {
  return postForm<Paged<OrderSummary>>('/inside/order/getList', form(query));
}

/** 我的订单详情（含卡密） POST /inside/order/getDetail */
export function getMyOrder(orderNo: string) {
  return postForm<OrderDetail>('/inside/order/getDetail', { orderNo });
}

/** 申请撤销卡密 POST /inside/order/cardRepeal */
export function requestCardRepeal(orderNo: string, cardIds: number[], reason: string) {
  return postForm<{ requested: number }>('/inside/order/cardRepeal', { orderNo, cardIds, reason });
}

/** 我的卡密撤销申请（分页，可按状态、订单号筛选） POST /inside/order/repeals */
export function getMyRepeals(query: {
  status?: MyRepealRow['status'];
  orderNo?: string;
  page?: number;
  pageSize?: number;
}) {
  return postForm<Paged<MyRepealRow>>('/inside/order/repeals', form(query));
}

/** 游客查单：订单号 + 查询密码或联系方式 POST /visitor/order/lookup */
export function lookupVisitorOrder(values: { orderNo: string; queryPassword?: string; contact?: string }) {
  // Silent: /chadan shows its own note for the 429 rate limit.
  return postForm<OrderDetail>('/visitor/order/lookup', form(values), { silent: true });
}

/** 导出我的订单（按当前筛选，最新的至多 10,000 条） POST /inside/order/export */
export function exportMyOrders(query: Omit<OrderListQuery, 'page' | 'pageSize'>) {
  return postForm<CsvExport>('/inside/order/export', form(query));
}

// ---------- admin ----------

/** 后台导出订单（按当前筛选） POST /{adminPath}/orders/export */
export function exportOrders(query: Omit<AdminOrderQuery, 'page' | 'pageSize'>) {
  return postForm<CsvExport>(adminUrl('orders/export'), form(query));
}

/** 后台订单列表 POST /{adminPath}/orders/list */
export type AdminOrderQuery = OrderListQuery & {
  member?: string;
  goodsId?: number;
  orderNo?: string;
  contact?: string;
  /** Orders of one site (1: the platform). */
  siteId?: number;
};
export function adminOrders(query: AdminOrderQuery) {
  return postForm<Paged<AdminOrderRow>>(adminUrl('orders/list'), form(query));
}

/** 后台订单详情 POST /{adminPath}/orders/detail */
export function adminOrderDetail(orderNo: string) {
  return postForm<AdminOrderDetail>(adminUrl('orders/detail'), { orderNo });
}

/** 发货（发货内容 / 快递单号 / 确认签收） POST /{adminPath}/orders/deliver */
export function adminDeliverOrder(values: {
  orderNo: string;
  deliveryText?: string;
  carrier?: string;
  trackingNo?: string;
}) {
  return postForm<{ status: OrderStatus }>(adminUrl('orders/deliver'), form(values));
}

/** 退款 POST /{adminPath}/orders/refund */
export function adminRefundOrder(orderNo: string, reason: string, amount?: string) {
  return postForm<{ status: OrderStatus; refunded: number }>(adminUrl('orders/refund'), {
    orderNo,
    reason,
    ...(amount ? { amount } : {}),
  });
}

/** 卡密撤销申请列表 POST /{adminPath}/orders/repeals */
export function adminRepeals(query: { status?: RepealRow['status']; page?: number; pageSize?: number }) {
  return postForm<Paged<RepealRow>>(adminUrl('orders/repeals'), form(query));
}

/** 审核卡密撤销 POST /{adminPath}/orders/handleRepeals */
export function adminHandleRepeals(ids: number[], approve: boolean, note?: string) {
  return postForm<{ handled: number }>(adminUrl('orders/handleRepeals'), { ids, approve: approve ? 1 : 0, note });
}

/** 游客取消未支付订单：订单号 + 查询密码 POST /visitor/order/cancel */
export function cancelVisitorOrder(orderNo: string, queryPassword: string) {
  return postForm<OrderDetail>('/visitor/order/cancel', { orderNo, queryPassword });
}

/** 本机订单的最新状态（凭各订单的访问凭据） POST /visitor/order/statuses */
export function visitorOrderStatuses(orders: { orderNo: string; accessToken: string }[]) {
  return postForm<VisitorOrderStatuses>(
    '/visitor/order/statuses',
    { orders: JSON.stringify(orders) },
    { silent: true },
  );
}

/** 订单设置（库存保留时间、游客限制） POST /{adminPath}/orders/settings */
export function getCheckoutSettings() {
  return postForm<CheckoutSettings>(adminUrl('orders/settings'));
}

/** 保存订单设置 POST /{adminPath}/orders/saveSettings */
export function saveCheckoutSettings(values: CheckoutSettings) {
  return postForm<CheckoutSettings>(adminUrl('orders/saveSettings'), { ...values });
}

/** 游客可查询的天数（应答带 keyDay，客户端据此写 u-query-day） POST /visitor/order/lookupDays */
export function getLookupDays() {
  return postForm<{ days: number }>('/visitor/order/lookupDays', {}, { silent: true });
}
