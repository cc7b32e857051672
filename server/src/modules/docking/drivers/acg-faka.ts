import { createHash } from 'node:crypto';
import { OutboundError, outboundRequest } from '../../../core/outbound.js';
import {
  UpstreamError,
  type UpstreamAccount,
  type UpstreamDriver,
  type UpstreamEndpoint,
  type UpstreamField,
  type UpstreamGoods,
  type UpstreamOrder,
  type UpstreamOrderRequest,
} from '../driver.js';

/**
 * The acg-faka 3.x (异次元发卡) shared-store protocol, client side (decision 0015): Kapu docks to an
 * acg-faka shop as its downstream. Every call is a form POST to `{base}/shared/{controller}/{action}`
 * carrying `app_id` and `sign`; answers are `{"code":200,"msg":"success","data":…}` or, for any
 * refusal, HTTP 200 `{"code":0,"msg":"…"}`. acg-faka does not sign its answers.
 */

/** PHP's ksort (SORT_REGULAR) on string keys: numeric strings compare as numbers, others bytewise. */
function phpKeyCompare(a: string, b: string): number {
  const numeric = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;
  if (numeric.test(a) && numeric.test(b)) return Number(a) - Number(b);
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/** PHP's urldecode: `+` is a space, `%XX` a byte (invalid escapes stay as they are). */
function phpUrlDecode(text: string): string {
  const bytes: number[] = [];
  const raw = Buffer.from(text, 'utf8');
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === 0x2b) bytes.push(0x20);
    else if (
      c === 0x25 &&
      i + 2 < raw.length &&
      /^[0-9a-fA-F]{2}$/.test(String.fromCharCode(raw[i + 1]!, raw[i + 2]!))
    ) {
      bytes.push(parseInt(String.fromCharCode(raw[i + 1]!, raw[i + 2]!), 16));
      i += 2;
    } else bytes.push(c);
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * acg-faka's `Str::generateSignature($data, $appKey)`: drop `sign`, sort by key (ksort), drop
 * empty-string values, then md5 (lower-case hex) of `urldecode(http_build_query($data) . "&key=" . $appKey)`.
 * `http_build_query` encodes every key and value and `urldecode` undoes it, so the hashed text is
 * the raw `k1=v1&k2=v2…&key=` followed by the app key as urldecode reads it (`+` → space, `%XX` → byte).
 */
export function acgFakaSignature(data: Readonly<Record<string, string>>, appKey: string): string {
  const keys = Object.keys(data)
    .filter((k) => k !== 'sign' && data[k] !== '')
    .sort(phpKeyCompare);
  const query = keys.map((k) => `${k}=${data[k]}`).join('&');
  return createHash('md5')
    .update(`${query}&key=${phpUrlDecode(appKey)}`, 'utf8')
    .digest('hex');
}

/**
 * Yuan as acg-faka writes it (a decimal string "12.30" or a JSON number 12.3, sometimes with float
 * noise such as 12.299999999999999) → fen, exactly: the decimal text is read digit by digit and
 * rounded half up at the third decimal; never through floating-point multiplication.
 */
export function acgMoneyToFen(value: unknown): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = Math.abs(value) < 1e-6 ? '0' : String(value);
    if (/e/i.test(text)) text = value.toFixed(6);
  } else if (typeof value === 'string') text = value.trim();
  else return null;
  const m = /^(-?)(\d{1,13})(?:\.(\d*))?$/.exec(text);
  if (!m) return null;
  const frac = (m[3] ?? '').padEnd(3, '0');
  let fen = Number(m[2]) * 100 + Number(frac.slice(0, 2));
  if (Number(frac[2]) >= 5) fen += 1;
  return m[1] === '-' ? -fen : fen;
}

/** `[section]` / `key=value` lines, as acg-faka's Ini::toArray reads a goods `config`. */
export function parseAcgIni(text: string): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  let section = '';
  for (const line of text.trim().split(/[\r\n]+/)) {
    if (!line) continue;
    const head = /\[(.*?)\]$/.exec(line);
    if (head) {
      section = head[1]!;
      out[section] ??= {};
      continue;
    }
    const parts = line.split('=');
    if (!section || parts.length !== 2) continue;
    out[section]![parts[0]!] = parts[1]!;
  }
  return out;
}

const stripTags = (s: string) => s.replace(/<[^>]*>/g, '');

/** Our goods ref: the acg-faka goods code, and `|race` for one 种类 (SKU) of a goods that has several. */
function splitRef(ref: string): { code: string; race: string } {
  const bar = ref.indexOf('|');
  return bar === -1 ? { code: ref, race: '' } : { code: ref.slice(0, bar), race: ref.slice(bar + 1) };
}

/** What acg-faka writes instead of cards when it could not deliver (OrderService). */
const NOT_DELIVERED = [/有人在你付款之前抢走了商品/, /正在发货中/, /此商品没有发货信息/];

/** What a trade refused because of `request_no` says: the order was placed before. */
const REQUEST_EXISTS = /request ID already exists/i;

type Json = Record<string, unknown>;

interface CallOptions {
  /** A trade: its outcome is unknown after a timeout or a dropped connection, so it is never to be retried blindly. */
  trade?: boolean;
}

async function call(endpoint: UpstreamEndpoint, path: string, fields: Record<string, string>, opts: CallOptions = {}) {
  const data: Record<string, string> = { ...fields, app_id: endpoint.appId };
  // acg-faka's own client also posts app_key in the clear; its server only needs the signature
  // (computed over whatever is posted), so Kapu keeps the key off the wire.
  data.sign = acgFakaSignature(data, endpoint.secret);
  const unknown = opts.trade ? '，下单结果未知：请先到上游核对该订单，切勿直接重试' : '';
  let answer;
  try {
    answer = await outboundRequest(`${endpoint.baseUrl.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(data).toString(),
      timeoutMs: endpoint.timeoutMs ?? 10_000,
      maxBytes: 4 * 1024 * 1024,
      trusted: endpoint.trusted,
      hosts: endpoint.hosts,
    });
  } catch (err) {
    if (err instanceof OutboundError) {
      if (err.kind === 'timeout')
        throw new UpstreamError(`上游店铺响应超时${unknown}`, { kind: 'timeout', retry: !opts.trade });
      if (err.kind === 'refused') throw new UpstreamError(err.message, { kind: 'refused', retry: false });
      if (err.kind === 'too-large')
        throw new UpstreamError('上游店铺返回的数据过大', { kind: 'garbage', retry: false });
      throw new UpstreamError(`无法连接上游店铺：${err.message}${unknown}`, { kind: 'network', retry: !opts.trade });
    }
    throw err;
  }
  if (answer.status >= 500)
    throw new UpstreamError(`上游店铺出错（HTTP ${answer.status}）${unknown}`, { kind: 'network', retry: !opts.trade });
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch {
    json = undefined;
  }
  if (!json || typeof json !== 'object' || Array.isArray(json) || !('code' in json)) {
    const what = /^\s*</.test(answer.body) ? '网页' : '无法识别的内容';
    throw new UpstreamError(
      `上游店铺返回了${what}（HTTP ${answer.status}），不是异次元发卡共享接口的应答，请检查店铺地址${unknown}`,
      {
        kind: 'garbage',
        retry: false,
      },
    );
  }
  const body = json as Json;
  if (Number(body.code) !== 200) {
    const msg = stripTags(String(body.msg ?? '')).trim() || '上游店铺拒绝了请求';
    throw new UpstreamError(`上游店铺：${msg}`, {
      kind: 'refused',
      retry: false,
      outOfStock: /库存不足|被他人抢走/.test(msg) || undefined,
    });
  }
  return body.data;
}

function needObject(data: unknown, what: string): Json {
  if (!data || typeof data !== 'object' || Array.isArray(data))
    throw new UpstreamError(`上游店铺的${what}应答格式不正确`, { kind: 'garbage', retry: false });
  return data as Json;
}

function money(value: unknown, what: string): number {
  const fen = acgMoneyToFen(value);
  if (fen === null || fen < 0)
    throw new UpstreamError(`上游店铺的${what}不是有效金额：${String(value).slice(0, 40)}`, {
      kind: 'garbage',
      retry: false,
    });
  return fen;
}

/** An acg-faka widget list (JSON text) → the fields a buyer fills in. */
function widgetFields(widget: unknown): UpstreamField[] {
  let list: unknown = widget;
  if (typeof widget === 'string') {
    try {
      list = widget ? JSON.parse(widget) : [];
    } catch {
      list = [];
    }
  }
  if (!Array.isArray(list)) return [];
  return list
    .filter((w): w is Json => Boolean(w) && typeof w === 'object' && typeof (w as Json).name === 'string')
    .map((w) => ({
      name: String(w.name),
      label: stripTags(String(w.cn ?? w.name)),
      required: typeof w.regex === 'string' && w.regex !== '',
    }));
}

function absolute(base: string, path: unknown): string | null {
  if (typeof path !== 'string' || !path) return null;
  if (/^https?:\/\//i.test(path)) return path;
  return `${base.replace(/\/+$/, '')}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** One acg-faka goods (an `items` child) → one UpstreamGoods per 种类, or one when it has none. */
function goodsOf(endpoint: UpstreamEndpoint, category: string, item: Json, stock: number | null): UpstreamGoods[] {
  const code = String(item.code ?? '');
  if (!code) return [];
  const fields = widgetFields(item.widget);
  const kind: UpstreamGoods['kind'] = Number(item.delivery_way) === 0 ? 'card' : fields.length ? 'recharge' : 'manual';
  const cover = absolute(endpoint.baseUrl, item.cover);
  const min = Math.max(1, Number(item.minimum) || 1);
  const max = Number(item.maximum) > 0 ? Math.max(min, Number(item.maximum)) : 10_000;
  const base = {
    name: stripTags(String(item.name ?? '')),
    description: String(item.description ?? ''),
    images: cover ? [cover] : [],
    category: stripTags(category),
    kind,
    faceValue: null,
    onSale: Number(item.status ?? 1) === 1,
    stock: kind === 'card' ? stock : null,
    minQuantity: min,
    maxQuantity: max,
    fields,
  };
  const config = parseAcgIni(String(item.config ?? ''));
  const races = Object.keys(config.category ?? {});
  if (races.length === 0) return [{ ...base, ref: code, price: money(item.factory_price, '拿货价') }];
  const factory = config.category_factory ?? {};
  return races
    .filter((race) => race in factory)
    .map((race) => ({
      ...base,
      ref: `${code}|${race}`,
      name: `${base.name}（${race}）`,
      price: money(factory[race], '拿货价'),
    }));
}

function categoriesOf(data: unknown): Json[] {
  if (!Array.isArray(data)) throw new UpstreamError('上游店铺的商品列表格式不正确', { kind: 'garbage', retry: false });
  return data.filter((c): c is Json => Boolean(c) && typeof c === 'object');
}

/** `inventory`: fresh stock, cost and 种类 of one goods. */
async function inventory(endpoint: UpstreamEndpoint, code: string, race: string) {
  const inv = needObject(await call(endpoint, '/shared/commodity/inventory', { sharedCode: code, race }), '库存');
  let price: number;
  if (race) {
    const factory = parseAcgIni(String(inv.config ?? '')).category_factory ?? {};
    if (!(race in factory)) throw new UpstreamError(`上游商品没有“${race}”这个种类`, { kind: 'refused', retry: false });
    price = money(factory[race], '拿货价');
  } else price = money(inv.factory_price, '拿货价');
  return { count: Math.max(0, Math.trunc(Number(inv.count) || 0)), price, card: Number(inv.delivery_way) === 0 };
}

function cardsOf(secret: string): string[] {
  return secret
    .split('\n')
    .map((l) => l.replace(/\r$/, ''))
    .filter((l) => l.trim() !== '');
}

export const acgFakaDriver: UpstreamDriver = {
  protocol: 'acgfaka',

  async account(endpoint): Promise<UpstreamAccount> {
    const data = needObject(await call(endpoint, '/shared/authentication/connect', {}), '连接');
    return {
      balance: acgMoneyToFen(data.balance),
      name: stripTags(String(data.shopName ?? '')).trim() || '异次元发卡店铺',
    };
  },

  async listGoods(endpoint): Promise<UpstreamGoods[]> {
    const out: UpstreamGoods[] = [];
    // `items` names no stock (acg-faka counts it only per goods, in `inventory`): stock stays null here.
    for (const category of categoriesOf(await call(endpoint, '/shared/commodity/items', {}))) {
      const children = Array.isArray(category.children) ? category.children : [];
      for (const item of children)
        if (item && typeof item === 'object')
          out.push(...goodsOf(endpoint, String(category.name ?? ''), item as Json, null));
    }
    return out;
  },

  async goods(endpoint, ref): Promise<UpstreamGoods> {
    const { code, race } = splitRef(ref);
    const categories = categoriesOf(await call(endpoint, '/shared/commodity/item', { sharedCode: code }));
    for (const category of categories) {
      const children = Array.isArray(category.children) ? category.children : [];
      const item = children.find((c) => c && typeof c === 'object' && String((c as Json).code) === code) as
        Json | undefined;
      if (!item) continue;
      const stock = await inventory(endpoint, code, race);
      const found = goodsOf(endpoint, String(category.name ?? ''), item, stock.count).find((g) => g.ref === ref);
      if (found) return { ...found, price: stock.price, stock: found.kind === 'card' ? stock.count : null };
    }
    throw new UpstreamError('上游商品不存在、已停售或未开放对接', { kind: 'refused', retry: false });
  },

  async placeOrder(endpoint, order: UpstreamOrderRequest): Promise<UpstreamOrder> {
    const { code, race } = splitRef(order.goodsRef);
    // acg-faka's trade takes no price bound: the cost is asked right before, and refused above ours.
    const fresh = await inventory(endpoint, code, race);
    if (fresh.price > order.maxUnitPrice)
      throw new UpstreamError('上游拿货价已上涨，超过了允许的最高进价', {
        kind: 'refused',
        retry: false,
        priceRose: true,
      });
    if (fresh.card && fresh.count < order.quantity)
      throw new UpstreamError('上游库存不足', { kind: 'refused', retry: true, outOfStock: true });
    const fields: Record<string, string> = {
      shared_code: code,
      contact: order.outerNumber,
      num: String(order.quantity),
      card_id: '0',
      device: '0',
      password: '',
      race,
      // acg-faka refuses a second trade with the same request_no ("The request ID already exists"):
      // our procurement number makes a resent trade harmless.
      request_no: order.outerNumber,
    };
    for (const f of order.fields)
      if (!(f.name in fields) && f.name !== 'app_id' && f.name !== 'sign') fields[f.name] = f.value;
    let data: Json;
    try {
      data = needObject(await call(endpoint, '/shared/commodity/trade', fields, { trade: true }), '下单');
    } catch (err) {
      if (err instanceof UpstreamError && REQUEST_EXISTS.test(err.message))
        throw new UpstreamError(
          `上游已有采购单号 ${order.outerNumber} 的订单（之前的下单可能已成功）：请到上游核对，切勿重复下单`,
          { kind: 'refused', retry: false },
        );
      throw err;
    }
    const tradeNo = String(data.tradeNo ?? '');
    const secret = typeof data.secret === 'string' ? data.secret : '';
    const charged = acgMoneyToFen(data.amount);
    if (!fresh.card)
      return { upstreamOrderNo: tradeNo, state: 'pending', cards: [], charged, message: stripTags(secret) };
    const cards = NOT_DELIVERED.some((re) => re.test(secret)) ? [] : cardsOf(secret);
    // More than ordered is no answer we can read; fewer is a short delivery the forwarding settles
    // (the cards that came go to the buyer, the rest is asked of the next source, decision 0016).
    if (cards.length > order.quantity)
      throw new UpstreamError(
        `上游订单 ${tradeNo || '（无单号）'} 已扣款，但发来 ${cards.length} 张卡密（订购 ${order.quantity} 张），需人工处理`,
        { kind: 'garbage', retry: false },
      );
    return {
      upstreamOrderNo: tradeNo,
      state: 'delivered',
      cards,
      charged,
      message: cards.length < order.quantity ? `上游少发：收到 ${cards.length} 张，订购 ${order.quantity} 张` : '',
    };
  },

  async queryOrder(endpoint, ref): Promise<UpstreamOrder | null> {
    // acg-faka looks orders up by its own trade number only (not by request_no).
    if (!ref.upstreamOrderNo) return null;
    let data: Json;
    try {
      data = needObject(await call(endpoint, '/shared/commodity/query', { tradeNo: ref.upstreamOrderNo }), '查单');
    } catch (err) {
      if (err instanceof UpstreamError && err.options.kind === 'refused' && /订单不存在/.test(err.message)) return null;
      throw err;
    }
    const secret = typeof data.secret === 'string' ? data.secret : '';
    if (Number(data.status) !== 1 || !secret || NOT_DELIVERED.some((re) => re.test(secret)))
      return {
        upstreamOrderNo: ref.upstreamOrderNo,
        state: 'pending',
        cards: [],
        charged: null,
        message: stripTags(secret),
      };
    return {
      upstreamOrderNo: ref.upstreamOrderNo,
      state: 'delivered',
      cards: cardsOf(secret),
      charged: null,
      message: '',
    };
  },
};
