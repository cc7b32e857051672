import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake upstream shop speaking the Kapu / 卡易信 merchant API 3.0 (shared/design/OPEN-API.md):
 * `POST /openapi/{path}`, JSON, X-APP-ID / X-Version 3.0 / X-Timestamp (300 s window) /
 * X-Signature = md5(appId + appSecret + version + timestamp + rawBody), replays refused; answers
 * `{code, msg, data}` with 1000 success, 2400 price above safePrice, 2404 order not found. Money in
 * yuan text. `order/create` is idempotent per (appId, outerNumber). It can be told to fail (500 HTML),
 * hang, trickle, answer garbage, time out after creating the order, short-deliver cards, or raise a price,
 * and it pushes signed goods changes to a subscriber URL.
 */

export interface FakeGoods {
  goodsId: number;
  goodsName: string;
  goodsType: 1 | 3;
  /** Fen. */
  price: number;
  faceValue: number;
  stock: number;
  status: 1 | 2 | 3;
  details?: string;
  dirName?: string;
}

export interface FakeOrder {
  orderNumber: string;
  outerNumber: string;
  goodsId: number;
  count: number;
  status: number;
  totalPrice: number;
  cards: Array<{ cardNo: string; cardPwd: string }>;
}

export type FakeMode =
  /** Every call answers HTTP 500 with an HTML page. */
  | 'down'
  /** Calls never answer (the client's deadline ends them). */
  | 'hang'
  /** Answers a byte every 200 ms. */
  | 'trickle'
  /** Answers 200 with HTML. */
  | 'html'
  /** Answers 200 with broken JSON. */
  | 'garbage'
  | null;

const yuan = (fen: number) => (fen / 100).toFixed(2);

export function md5Signature(appId: string, secret: string, timestamp: string, raw: string): string {
  return createHash('md5').update(`${appId}${secret}3.0${timestamp}${raw}`, 'utf8').digest('hex');
}

export class FakeKayixinUpstream {
  readonly appId = `app${Math.floor(Math.random() * 1e6)}`;
  readonly secret = `secret-${Math.random().toString(36).slice(2)}`;
  readonly goods = new Map<number, FakeGoods>();
  readonly orders = new Map<string, FakeOrder>();
  /** Calls by path (after a valid signature). */
  readonly calls = new Map<string, number>();
  /** Requests refused for their signature, timestamp or replay. */
  badSignatures = 0;
  mode: FakeMode = null;
  /** Per-path overrides of `mode`. */
  pathMode = new Map<string, FakeMode>();
  /** order/create: create (and deliver) the order, then answer only after this many ms. */
  createDelayMs = 0;
  /** Cards left out of each delivery. */
  shortBy = 0;
  /** Each delivery sends its first card a second time at the end (an upstream repeating itself). */
  repeatFirstCard = false;
  /** order/create leaves orders in progress (status 2) until `completePending()`. */
  deliverLater = false;
  balance = 100_000_00;
  private readonly seen = new Set<string>();
  private server!: http.Server;
  /** The next order's number (two fakes in one test number apart, so their cards differ). */
  nextOrder = 1;
  private readonly sockets = new Set<import('node:net').Socket>();
  url = '';

  addGoods(g: Partial<FakeGoods> & { goodsId: number }): FakeGoods {
    const full: FakeGoods = {
      goodsName: `上游商品${g.goodsId}`,
      goodsType: 1,
      price: 1000,
      faceValue: 1000,
      stock: 100,
      status: 1,
      details: `<p>上游描述 ${g.goodsId}</p>`,
      dirName: '游戏点卡',
      ...g,
    };
    this.goods.set(full.goodsId, full);
    return full;
  }

  count(path: string): number {
    return this.calls.get(path) ?? 0;
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Finishes orders left in progress (deliverLater). */
  completePending(): void {
    for (const o of this.orders.values())
      if (o.status === 2) {
        o.status = 3;
        o.cards = this.makeCards(o.orderNumber, o.count);
      }
  }

  /** Signs and POSTs a goods change to a subscriber, as the upstream's push does; answers the subscriber's text. */
  async push(
    url: string,
    body: { goodsId: number; price: string; status: number; stock: number },
    secret = this.secret,
    /** Unix seconds to sign with (a replay sends the same twice). */
    at = Math.floor(Date.now() / 1000),
  ) {
    const raw = JSON.stringify(body);
    const ts = String(at);
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-app-id': this.appId,
        'x-version': '3.0',
        'x-timestamp': ts,
        'x-signature': md5Signature(this.appId, secret, ts, raw),
      },
      body: raw,
    });
    return { status: res.status, text: await res.text() };
  }

  private makeCards(orderNumber: string, count: number) {
    const n = Math.max(0, count - this.shortBy);
    const cards = Array.from({ length: n }, (_, i) => ({
      cardNo: `UP-${orderNumber}-${i + 1}`,
      cardPwd: `PW${i + 1}`,
    }));
    return this.repeatFirstCard && cards[0] ? [...cards, { ...cards[0] }] : cards;
  }

  private answer(res: http.ServerResponse, code: number, msg: string, data: unknown = null) {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ code, msg, data }));
  }

  private orderView(o: FakeOrder) {
    return {
      orderNumber: o.orderNumber,
      outerNumber: o.outerNumber,
      goodsId: o.goodsId,
      count: o.count,
      status: o.status,
      totalPrice: yuan(o.totalPrice),
      cards: o.status === 3 ? o.cards : [],
    };
  }

  private goodsView(g: FakeGoods) {
    return {
      goodsId: g.goodsId,
      goodsName: g.goodsName,
      goodsType: g.goodsType,
      salesPrice: yuan(g.price),
      faceValue: yuan(g.faceValue),
      stockCount: g.stock,
      status: g.status,
      dirName: g.dirName,
    };
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const path = (req.url ?? '').replace(/^\/openapi\//, '');
    const mode = this.pathMode.get(path) ?? this.mode;
    if (mode === 'hang') return; // never answers
    if (mode === 'down') {
      res.writeHead(500, { 'content-type': 'text/html' });
      return res.end('<html><body>502 Bad Gateway</body></html>');
    }
    if (mode === 'html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<!doctype html><html><body>维护中</body></html>');
    }
    if (mode === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"code":1000,"data":');
    }
    if (mode === 'trickle') {
      res.writeHead(200, { 'content-type': 'application/json' });
      const body = JSON.stringify({ code: 1000, msg: 'ok', data: {} });
      let i = 0;
      const timer = setInterval(() => {
        if (i >= body.length || res.destroyed) {
          clearInterval(timer);
          return res.end();
        }
        res.write(body[i++]);
      }, 200);
      return;
    }

    // Signature: md5(appId + secret + version + timestamp + rawBody), 300 s, no replays.
    const h = req.headers;
    const appId = String(h['x-app-id'] ?? '');
    const ts = String(h['x-timestamp'] ?? '');
    const sig = String(h['x-signature'] ?? '');
    const fresh = /^\d{10}$/.test(ts) && Math.abs(Number(ts) - Date.now() / 1000) <= 300;
    const expected = md5Signature(this.appId, this.secret, ts, raw);
    const sigOk =
      appId === this.appId &&
      h['x-version'] === '3.0' &&
      sig.length === expected.length &&
      timingSafeEqual(Buffer.from(sig), Buffer.from(expected));
    const replay = `${appId}:${ts}:${sig}`;
    if (!fresh || !sigOk || this.seen.has(replay)) {
      this.badSignatures++;
      return this.answer(res, 2001, '签名错误或请求已过期');
    }
    this.seen.add(replay);
    this.calls.set(path, (this.calls.get(path) ?? 0) + 1);
    let body: Record<string, unknown>;
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      return this.answer(res, 1001, '请求体不是 JSON');
    }

    switch (path) {
      case 'user/getAccount':
        return this.answer(res, 1000, 'ok', {
          userNo: 'U1001',
          nickName: '下游测试店',
          balance: yuan(this.balance),
          level: 1,
        });
      case 'goods/getList': {
        const page = Number(body.page ?? 1);
        const size = Number(body.pageSize ?? 20);
        const all = [...this.goods.values()].filter((g) => g.status !== 3);
        const items = all.slice((page - 1) * size, page * size).map((g) => this.goodsView(g));
        return this.answer(res, 1000, 'ok', {
          allCount: all.length,
          allPage: Math.max(1, Math.ceil(all.length / size)),
          items,
        });
      }
      case 'goods/getDetail': {
        const g = this.goods.get(Number(body.goodsId));
        if (!g || g.status === 3) return this.answer(res, 2300, '商品不存在');
        return this.answer(res, 1000, 'ok', {
          ...this.goodsView(g),
          details: g.details,
          minCount: 1,
          maxCount: 100,
          template: g.goodsType === 3 ? [{ name: 'account', label: '充值账号', required: true }] : [],
        });
      }
      case 'order/create': {
        const outer = String(body.outerNumber ?? '');
        if (!outer) return this.answer(res, 1001, '请填写外部单号');
        const existing = this.orders.get(outer);
        if (existing) return this.answer(res, 1000, 'ok', this.orderView(existing));
        const g = this.goods.get(Number(body.goodsId));
        if (!g || g.status !== 1) return this.answer(res, 2300, '商品已下架');
        const count = Number(body.count ?? 1);
        if (g.stock < count) return this.answer(res, 2301, '库存不足');
        if (body.safePrice !== undefined && Math.round(Number(body.safePrice) * 100) < g.price)
          return this.answer(res, 2400, '商品价格高于安全价');
        const total = g.price * count;
        if (this.balance < total) return this.answer(res, 2302, '余额不足');
        this.balance -= total;
        g.stock -= count;
        const orderNumber = `K${String(this.nextOrder++).padStart(8, '0')}`;
        const order: FakeOrder = {
          orderNumber,
          outerNumber: outer,
          goodsId: g.goodsId,
          count,
          status: this.deliverLater ? 2 : 3,
          totalPrice: total,
          cards: this.deliverLater ? [] : this.makeCards(orderNumber, count),
        };
        this.orders.set(outer, order);
        if (this.createDelayMs > 0) await new Promise((r) => setTimeout(r, this.createDelayMs));
        if (res.destroyed) return;
        return this.answer(res, 1000, 'ok', this.orderView(order));
      }
      case 'order/getDetail': {
        const o = body.outerNumber
          ? this.orders.get(String(body.outerNumber))
          : [...this.orders.values()].find((x) => x.orderNumber === String(body.orderNumber));
        if (!o) return this.answer(res, 2404, '订单不存在');
        return this.answer(res, 1000, 'ok', this.orderView(o));
      }
      default:
        return this.answer(res, 1404, '接口不存在');
    }
  }
}
