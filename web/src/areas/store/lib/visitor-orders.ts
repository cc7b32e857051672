import type { OrderDetail } from '@kapu/contract';
import { getPageData, setPageData } from '@/app/storage/page-db';

/** The page-data key (IndexedDB `database` section) of the orders this browser made or looked up. */
export const VISITOR_ORDERS_KEY = 'visitorOrders';
const MAX_REMEMBERED = 200;

/** What the browser keeps of a visitor order: enough to list it and to look it up again. */
export interface RememberedOrder {
  orderNo: string;
  goodsName: string;
  goodsType: string;
  quantity: number;
  amount: number;
  status: string;
  statusText: string;
  contact: string;
  createdAt: string;
  /** Kept so the list can reopen the order; it is the visitor's own secret, in their own browser. */
  queryPassword?: string;
  /** Reads the order's current status (本机订单) without the password. */
  accessToken?: string;
  express: OrderDetail['express'];
  savedAt: number;
}

export async function listRememberedOrders(): Promise<RememberedOrder[]> {
  const saved = await getPageData<RememberedOrder[]>(VISITOR_ORDERS_KEY);
  return Array.isArray(saved) ? saved : [];
}

/** Saves or refreshes an order (newest first); the query password is kept when a later save lacks it. */
export async function rememberOrder(
  order: OrderDetail,
  secret: { queryPassword?: string; contact?: string } = {},
  now = Date.now(),
): Promise<RememberedOrder[]> {
  const list = await listRememberedOrders();
  const before = list.find((o) => o.orderNo === order.orderNo);
  const entry: RememberedOrder = {
    orderNo: order.orderNo,
    goodsName: order.goodsName,
    goodsType: order.goodsType,
    quantity: order.quantity,
    amount: order.amount,
    status: order.status,
    statusText: order.statusText,
    contact: order.contact || secret.contact || before?.contact || '',
    createdAt: order.createdAt,
    queryPassword: secret.queryPassword ?? before?.queryPassword,
    accessToken: order.accessToken ?? before?.accessToken,
    express: order.express,
    savedAt: now,
  };
  const next = [entry, ...list.filter((o) => o.orderNo !== order.orderNo)].slice(0, MAX_REMEMBERED);
  await setPageData(VISITOR_ORDERS_KEY, next);
  return next;
}

export async function forgetOrder(orderNo: string): Promise<RememberedOrder[]> {
  const next = (await listRememberedOrders()).filter((o) => o.orderNo !== orderNo);
  await setPageData(VISITOR_ORDERS_KEY, next);
  return next;
}

export async function findRememberedOrder(orderNo: string): Promise<RememberedOrder | undefined> {
  return (await listRememberedOrders()).find((o) => o.orderNo === orderNo);
}

/**
 * The remembered orders with their statuses read afresh from the server (one call, by each
 * order's access token); orders without a token, or when the server cannot be asked, keep the
 * status they had.
 */
export async function refreshRememberedOrders(
  fetchStatuses: (
    orders: { orderNo: string; accessToken: string }[],
  ) => Promise<{ orderNo: string; status: string | null; statusText?: string }[]>,
): Promise<RememberedOrder[]> {
  const list = await listRememberedOrders();
  const withToken = list.filter((o) => o.accessToken).slice(0, 50);
  if (withToken.length === 0) return list;
  const fresh = new Map(
    (await fetchStatuses(withToken.map((o) => ({ orderNo: o.orderNo, accessToken: o.accessToken! })))).map((s) => [
      s.orderNo,
      s,
    ]),
  );
  const next = list.map((o) => {
    const s = fresh.get(o.orderNo);
    return s && s.status ? { ...o, status: s.status, statusText: s.statusText ?? o.statusText } : o;
  });
  await setPageData(VISITOR_ORDERS_KEY, next);
  return next;
}
