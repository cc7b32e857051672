import { createHash, randomBytes } from 'node:crypto';
import { OutboundError, outboundRequest } from '../../../core/outbound.js';
import {
  UpstreamError,
  type UpstreamAccount,
  type UpstreamDriver,
  type UpstreamEndpoint,
  type UpstreamGoods,
  type UpstreamOrder,
} from '../driver.js';

/**
 * The Kapu / 卡易信 merchant API 3.0 client (shared/design/OPEN-API.md): `POST {base}/openapi/{path}`,
 * JSON body, headers X-APP-ID, X-Version 3.0, X-Timestamp (10-digit seconds), X-Signature =
 * md5(appId + appSecret + version + timestamp + rawBody). Answers `{code, msg, data}`, 1000 success.
 * Money in the API is yuan (numbers or text with two decimals); this side speaks fen. The answer
 * readers accept the field names of the established shape and their plain synonyms.
 */

export const KAPU_VERSION = '3.0';
const SUCCESS = 1000;
const PRICE_ABOVE_SAFE = 2400;
const ORDER_NOT_FOUND = 2404;
const PAGE_SIZE = 100;
const MAX_PAGES = 500;

export function kapuSignature(appId: string, secret: string, timestamp: string, rawBody: string): string {
  return createHash('md5').update(`${appId}${secret}${KAPU_VERSION}${timestamp}${rawBody}`, 'utf8').digest('hex');
}

/** The signed headers of one request body. */
export function kapuHeaders(
  appId: string,
  secret: string,
  rawBody: string,
  nowMs = Date.now(),
): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000));
  return {
    'content-type': 'application/json; charset=utf-8',
    'x-app-id': appId,
    'x-version': KAPU_VERSION,
    'x-timestamp': timestamp,
    'x-signature': kapuSignature(appId, secret, timestamp, rawBody),
  };
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function pick(o: Obj, ...names: string[]): unknown {
  for (const n of names) if (o[n] !== undefined && o[n] !== null) return o[n];
  return undefined;
}

/** Yuan (number or "9.50") → fen; null when absent or not money. */
export function yuanToFenLoose(v: unknown): number | null {
  if (v === undefined || v === null || v === '') return null;
  const s = String(v).trim();
  if (!/^-?\d+(\.\d+)?$/.test(s)) return null;
  return Math.round(Number(s) * 100);
}

function str(v: unknown): string {
  return v === undefined || v === null ? '' : String(v);
}

function int(v: unknown, fallback: number): number {
  const n = Number(v);
  return Number.isFinite(n) ? Math.trunc(n) : fallback;
}

/** One card as text: a string, or {cardNo, cardPwd} joined by '----' (the card store's number/password separator). */
function cardText(c: unknown): string {
  if (typeof c === 'string') return c;
  if (!isObj(c)) return '';
  const no = str(pick(c, 'cardNo', 'card_no', 'number', 'no'));
  const pwd = str(pick(c, 'cardPwd', 'card_pwd', 'password', 'pwd', 'secret'));
  return [no, pwd].filter(Boolean).join('----') || str(pick(c, 'card', 'text', 'content'));
}

/** The API's order status → the driver's state (OPEN-API.md: 0..9). */
export function kapuOrderState(status: number): UpstreamOrder['state'] {
  if (status === 3) return 'delivered';
  if (status === 4 || status === 5) return 'failed';
  // 0 unpaid, 1 pending, 2 in progress, 7 awaiting sync, 8/9 refund in progress: not final yet.
  return 'pending';
}

function readGoods(o: Obj): UpstreamGoods {
  const ref = str(pick(o, 'goodsId', 'goods_id', 'id'));
  if (!ref) throw new UpstreamError('上游商品数据不完整（缺少 goodsId）', { retry: false, kind: 'garbage' });
  const price = yuanToFenLoose(pick(o, 'salesPrice', 'price', 'salePrice'));
  if (price === null) throw new UpstreamError('上游商品数据不完整（缺少价格）', { retry: false, kind: 'garbage' });
  const type = int(pick(o, 'goodsType', 'type'), 1);
  const stockRaw = pick(o, 'stockCount', 'stock');
  const images = pick(o, 'images', 'goodsImgs');
  const image = pick(o, 'goodsImg', 'image', 'img');
  const template = pick(o, 'template', 'fields', 'attach');
  const statusRaw = pick(o, 'status');
  return {
    ref,
    name: str(pick(o, 'goodsName', 'name')).slice(0, 200) || `上游商品 ${ref}`,
    description: str(pick(o, 'details', 'description', 'content', 'intro')),
    images: Array.isArray(images) ? images.map(str).filter(Boolean) : image ? [str(image)] : [],
    category: str(pick(o, 'dirName', 'categoryName', 'category')),
    kind: type === 3 ? 'recharge' : type === 2 ? 'manual' : 'card',
    price,
    faceValue: yuanToFenLoose(pick(o, 'faceValue', 'face_value')),
    onSale: statusRaw === undefined ? true : int(statusRaw, 1) === 1,
    stock: stockRaw === undefined ? null : Math.max(0, int(stockRaw, 0)),
    minQuantity: Math.max(1, int(pick(o, 'minCount', 'minQuantity', 'min'), 1)),
    maxQuantity: Math.max(1, int(pick(o, 'maxCount', 'maxQuantity', 'max'), 10000)),
    fields: Array.isArray(template)
      ? template.filter(isObj).map((f) => ({
          name: str(pick(f, 'name', 'key')),
          label: str(pick(f, 'label', 'title', 'name')),
          required: pick(f, 'required') === undefined ? true : Boolean(pick(f, 'required')),
        }))
      : [],
  };
}

function readOrder(o: Obj): UpstreamOrder {
  const status = int(pick(o, 'status', 'orderStatus'), 1);
  const cards = pick(o, 'cards', 'cardList');
  return {
    upstreamOrderNo: str(pick(o, 'orderNumber', 'orderNo', 'order_no')),
    state: kapuOrderState(status),
    cards: Array.isArray(cards) ? cards.map(cardText).filter(Boolean) : [],
    charged: yuanToFenLoose(pick(o, 'totalPrice', 'amount', 'money', 'payAmount')),
    message: str(pick(o, 'msg', 'message', 'statusText')),
  };
}

/** One signed call; answers `data` of a success, throws UpstreamError otherwise. */
async function call(
  endpoint: UpstreamEndpoint,
  path: string,
  body: Obj,
): Promise<{ code: number; msg: string; data: unknown }> {
  // The upstream refuses a replayed (appId, timestamp, signature): two equal bodies within one second
  // would sign alike, so every body carries a nonce of its own (unknown fields are ignored upstream).
  const raw = JSON.stringify({ ...body, nonce: randomBytes(8).toString('hex') });
  const url = `${endpoint.baseUrl.replace(/\/+$/, '')}/openapi/${path}`;
  let answer;
  try {
    answer = await outboundRequest(url, {
      method: 'POST',
      headers: kapuHeaders(endpoint.appId, endpoint.secret, raw),
      body: raw,
      timeoutMs: endpoint.timeoutMs ?? 10_000,
      maxBytes: 8 * 1024 * 1024,
      trusted: endpoint.trusted,
      hosts: endpoint.hosts,
    });
  } catch (err) {
    if (err instanceof OutboundError) {
      const kind = err.kind === 'timeout' ? 'timeout' : err.kind === 'refused' ? 'refused' : 'network';
      throw new UpstreamError(err.message, { retry: err.kind !== 'refused', kind });
    }
    throw err;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    throw new UpstreamError(`上游应答不是接口数据（HTTP ${answer.status}）`, { retry: true, kind: 'garbage' });
  }
  if (!isObj(parsed) || typeof parsed.code !== 'number')
    throw new UpstreamError(`上游应答不是接口数据（HTTP ${answer.status}）`, { retry: true, kind: 'garbage' });
  return { code: parsed.code, msg: str(parsed.msg), data: parsed.data };
}

async function success(endpoint: UpstreamEndpoint, path: string, body: Obj): Promise<unknown> {
  const a = await call(endpoint, path, body);
  if (a.code === SUCCESS) return a.data;
  const msg = a.msg || `上游返回错误（${a.code}）`;
  throw new UpstreamError(msg, {
    retry: false,
    kind: 'refused',
    priceRose: a.code === PRICE_ABOVE_SAFE,
    outOfStock: /库存|stock/i.test(msg),
  });
}

const garbage = (what: string) => new UpstreamError(`上游应答缺少${what}`, { retry: true, kind: 'garbage' });

export const kapuDriver: UpstreamDriver = {
  protocol: 'kapu',

  async account(endpoint): Promise<UpstreamAccount> {
    const data = await success(endpoint, 'user/getAccount', {});
    if (!isObj(data)) throw garbage('账户信息');
    return {
      balance: yuanToFenLoose(pick(data, 'balance', 'money')),
      name: str(pick(data, 'shopName', 'nickName', 'userName', 'name', 'userNo')),
    };
  },

  async listGoods(endpoint): Promise<UpstreamGoods[]> {
    const all: UpstreamGoods[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const data = await success(endpoint, 'goods/getList', { page, pageSize: PAGE_SIZE });
      if (!isObj(data)) throw garbage('商品列表');
      const items = pick(data, 'items', 'list');
      if (!Array.isArray(items)) throw garbage('商品列表');
      for (const item of items) if (isObj(item)) all.push(readGoods(item));
      const allPage = int(pick(data, 'allPage', 'pages'), page);
      if (page >= allPage || items.length === 0) break;
    }
    return all;
  },

  async goods(endpoint, ref): Promise<UpstreamGoods> {
    const data = await success(endpoint, 'goods/getDetail', { goodsId: /^\d+$/.test(ref) ? Number(ref) : ref });
    if (!isObj(data)) throw garbage('商品详情');
    return readGoods({ goodsId: ref, ...data });
  },

  async placeOrder(endpoint, order): Promise<UpstreamOrder> {
    const data = await success(endpoint, 'order/create', {
      goodsId: /^\d+$/.test(order.goodsRef) ? Number(order.goodsRef) : order.goodsRef,
      count: order.quantity,
      outerNumber: order.outerNumber,
      safePrice: (order.maxUnitPrice / 100).toFixed(2),
      attach: order.fields,
      ...(order.notifyUrl ? { notifyUrl: order.notifyUrl } : {}),
    });
    if (!isObj(data)) throw garbage('订单信息');
    return readOrder(data);
  },

  async queryOrder(endpoint, ref): Promise<UpstreamOrder | null> {
    const body: Obj = ref.upstreamOrderNo ? { orderNumber: ref.upstreamOrderNo } : { outerNumber: ref.outerNumber };
    const a = await call(endpoint, 'order/getDetail', body);
    if (a.code === ORDER_NOT_FOUND) return null;
    if (a.code !== SUCCESS)
      throw new UpstreamError(a.msg || `上游返回错误（${a.code}）`, { retry: true, kind: 'refused' });
    if (!isObj(a.data)) throw garbage('订单信息');
    return readOrder(a.data);
  },
};
