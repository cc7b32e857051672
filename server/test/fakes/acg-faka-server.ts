import { createHash, randomInt } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake acg-faka 3.x shop, upstream side of its shared-store protocol, written from its source
 * (app/Controller/Shared/*, app/Interceptor/SharedValidation.php, app/Util/Str.php, kernel/Kernel.php):
 * form POSTs to /shared/{controller}/{action}; the interceptor finds the user by `app_id` and checks
 * `sign` = md5(urldecode(http_build_query(ksort(post without sign and '' values)) . "&key=" . app_key))
 * over everything posted; answers `{"code":200,"msg":"success","data":…}`; refusals (JSONException)
 * answer HTTP 200 `{"code":0,"msg":"…"}`. Goods, cards, users' balances and orders live in memory.
 */

export interface FakeAcgGoods {
  id: number;
  code: string;
  name: string;
  categoryName: string;
  /** Retail price and the member's cost (what `factory_price` reports), as yuan strings. */
  price: string;
  factoryPrice: string;
  status?: 0 | 1;
  apiStatus?: 0 | 1;
  /** 0: automatic cards; 1: manual. */
  deliveryWay?: 0 | 1;
  cover?: string;
  description?: string;
  minimum?: number;
  maximum?: number;
  /** acg-faka widget list (buyer fields). */
  widget?: Array<{
    cn: string;
    name: string;
    placeholder: string;
    type: string;
    regex: string;
    error: string;
    dict: string;
  }>;
  /** 种类 (race) → member cost, as yuan strings; cards then carry a race. */
  races?: Record<string, string>;
}

export interface FakeAcgCard {
  id: number;
  goodsId: number;
  secret: string;
  race: string;
  sold: boolean;
}

export interface FakeAcgOrder {
  tradeNo: string;
  owner: number;
  goodsId: number;
  num: number;
  amount: number;
  secret: string;
  requestNo: string;
  race: string;
  widget: Record<string, { value: string; cn: string }>;
  status: 0 | 1;
}

export type FakeAcgMode =
  | 'ok'
  /** Every call answers code 0 with this message. */
  | { fail: string }
  /** An HTML error page (PHP's feedback()). */
  | 'html'
  /** HTTP 502 from a proxy in front. */
  | 'bad-gateway'
  /** Never answers. */
  | 'hang'
  /** Answers one byte every 200 ms. */
  | 'trickle'
  /** Trades deliver one card fewer than ordered (and still charge). */
  | 'short-deliver'
  /** Trades go through, but the connection drops before the answer. */
  | 'drop-after-trade';

function phpKeyCompare(a: string, b: string): number {
  const numeric = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;
  if (numeric.test(a) && numeric.test(b)) return Number(a) - Number(b);
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/** PHP urlencode (RFC 1738: space → '+', everything but [A-Za-z0-9_.-] as %XX). */
export function phpUrlEncode(s: string): string {
  return encodeURIComponent(s)
    .replace(/[!'()*~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())
    .replace(/%20/g, '+');
}

function phpUrlDecode(s: string): string {
  return decodeURIComponent(s.replace(/\+/g, ' ').replace(/%(?![0-9a-fA-F]{2})/g, '%25'));
}

/** Str::generateSignature, step by step as PHP does it (encode, then decode the whole string). */
export function phpGenerateSignature(data: Record<string, string>, appKey: string): string {
  const rest = { ...data };
  delete rest.sign;
  const keys = Object.keys(rest)
    .sort(phpKeyCompare)
    .filter((k) => rest[k] !== '');
  const query = keys.map((k) => `${phpUrlEncode(k)}=${phpUrlEncode(rest[k]!)}`).join('&');
  return createHash('md5')
    .update(phpUrlDecode(`${query}&key=${appKey}`), 'utf8')
    .digest('hex');
}

const yuan = (n: number) => (Math.round(n * 100) / 100).toFixed(2);

export class FakeAcgFakaServer {
  readonly users = new Map<number, { appKey: string; balance: number; status: 1 | 0 }>();
  readonly goods: FakeAcgGoods[] = [];
  readonly cards: FakeAcgCard[] = [];
  readonly orders: FakeAcgOrder[] = [];
  /** Every request as received (path and form fields), newest last. */
  readonly requests: Array<{ path: string; form: Record<string, string> }> = [];
  mode: FakeAcgMode = 'ok';
  shopName = '测试异次元店铺';
  private server = http.createServer((req, res) => void this.handle(req, res));
  private sockets = new Set<import('node:net').Socket>();
  private nextCard = 1;

  async start(): Promise<string> {
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  addUser(id: number, appKey: string, balanceYuan: string): void {
    this.users.set(id, { appKey, balance: Number(balanceYuan), status: 1 });
  }

  addGoods(g: FakeAcgGoods): void {
    this.goods.push({ status: 1, apiStatus: 1, deliveryWay: 0, ...g });
  }

  addCards(goodsId: number, secrets: string[], race = ''): void {
    for (const secret of secrets) this.cards.push({ id: this.nextCard++, goodsId, secret, race, sold: false });
  }

  unsold(goodsId: number, race = ''): number {
    return this.cards.filter((c) => c.goodsId === goodsId && !c.sold && (!race || c.race === race)).length;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const form: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) form[k] = v;
    const path = (req.url ?? '/').split('?')[0]!;
    this.requests.push({ path, form });

    const mode = this.mode;
    if (mode === 'hang') return; // never answers
    if (mode === 'html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!DOCTYPE html><html><body><h1>系统错误</h1><p>Undefined index</p></body></html>');
      return;
    }
    if (mode === 'bad-gateway') {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body>502 Bad Gateway</body></html>');
      return;
    }
    let answer: unknown;
    try {
      if (typeof mode === 'object') throw new Refusal(mode.fail);
      answer = this.route(path, form);
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      answer = { code: 0, msg: err.message };
    }
    if (mode === 'drop-after-trade' && path === '/shared/commodity/trade') {
      req.socket.destroy();
      return;
    }
    const body = JSON.stringify(answer);
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    if (mode === 'trickle') {
      let i = 0;
      const timer = setInterval(() => {
        if (res.destroyed || i >= body.length) {
          clearInterval(timer);
          if (!res.destroyed) res.end();
          return;
        }
        res.write(body[i++]!);
      }, 200);
      return;
    }
    res.end(body);
  }

  private route(path: string, form: Record<string, string>): unknown {
    const route = /^\/shared\/(authentication|commodity)\/(\w+)$/.exec(path);
    if (!route) throw new Refusal('404 Not Found');
    // SharedValidation
    const userId = Number(form.app_id);
    const user = Number.isInteger(userId) ? this.users.get(userId) : undefined;
    if (!user) throw new Refusal('商户ID不存在');
    if (typeof form.sign !== 'string' || phpGenerateSignature(form, user.appKey) !== form.sign)
      throw new Refusal('密钥错误');
    const ok = (data: unknown) => ({ code: 200, msg: 'success', data });
    const action = `${route[1]}/${route[2]}`;
    switch (action) {
      case 'authentication/connect':
        return ok({ shopName: this.shopName, balance: yuan(user.balance) });
      case 'commodity/items':
        return ok(this.items(null));
      case 'commodity/item':
        if (!form.sharedCode) throw new Refusal('对接CODE不能为空');
        return ok(this.items(form.sharedCode));
      case 'commodity/inventory':
        return ok(this.inventory(form.sharedCode ?? '', form.race ?? ''));
      case 'commodity/inventoryState': {
        const g = this.live(form.shared_code ?? '');
        const n = this.unsold(g.id, form.race ?? '');
        if (g.deliveryWay === 0 && (n === 0 || Number(form.num) > n)) throw new Refusal('库存不足');
        return ok([]);
      }
      case 'commodity/trade':
        return ok(this.trade(userId, form));
      case 'commodity/query': {
        const o = this.orders.find((x) => x.tradeNo === form.tradeNo && x.owner === userId);
        if (!o) throw new Refusal('订单不存在');
        return ok({ secret: o.secret, widget: Object.keys(o.widget).length ? o.widget : null, status: o.status });
      }
      default:
        throw new Refusal('404 Not Found');
    }
  }

  private config(g: FakeAcgGoods): string {
    if (!g.races) return '';
    const lines = ['[category]', ...Object.keys(g.races).map((r) => `${r}=${g.price}`)];
    lines.push('[category_factory]', ...Object.entries(g.races).map(([r, p]) => `${r}=${p}`));
    return lines.join('\n');
  }

  private items(code: string | null) {
    const byCategory = new Map<string, unknown[]>();
    for (const g of this.goods) {
      if (g.status !== 1 || g.apiStatus !== 1 || (code && g.code !== code)) continue;
      const list = byCategory.get(g.categoryName) ?? [];
      list.push({
        id: g.id,
        name: g.name,
        description: g.description ?? '',
        cover: g.cover ?? '/assets/static/images/empty.png',
        price: g.price,
        user_price: g.price,
        factory_price: g.races ? 0 : Number(g.factoryPrice),
        code: g.code,
        status: 1,
        api_status: 1,
        delivery_way: g.deliveryWay,
        contact_type: 0,
        password_status: 0,
        sort: 0,
        seckill_status: 0,
        draft_status: 0,
        inventory_hidden: 0,
        only_user: 0,
        purchase_count: 0,
        minimum: g.minimum ?? 0,
        maximum: g.maximum ?? 0,
        widget: JSON.stringify(g.widget ?? []),
        config: this.config(g),
        hide: 0,
      });
      byCategory.set(g.categoryName, list);
    }
    let id = 1;
    return [...byCategory].map(([name, children]) => ({ id: id++, name, status: 1, children }));
  }

  private live(code: string): FakeAcgGoods {
    if (code === '') throw new Refusal('商品代码不能为空');
    const g = this.goods.find((x) => x.code === code);
    if (!g) throw new Refusal('商品不存在');
    if (g.status !== 1) throw new Refusal('当前商品已停售');
    return g;
  }

  private inventory(code: string, race: string) {
    const g = this.live(code);
    const firstRace = g.races ? Object.keys(g.races)[0]! : '';
    return {
      count: g.deliveryWay === 0 ? this.unsold(g.id, race || firstRace) : 0,
      delivery_way: g.deliveryWay,
      draft_status: 0,
      price: g.price,
      user_price: g.price,
      config: this.config(g),
      factory_price: g.races ? 0 : Number(g.factoryPrice),
      is_category: Boolean(g.races),
    };
  }

  /** Order::trade with pay_id forced to the balance, as Shared\Commodity::trade does. */
  private trade(userId: number, form: Record<string, string>) {
    const g = this.goods.find((x) => x.code === (form.shared_code ?? ''));
    if (!g) throw new Refusal('商品不存在');
    if (g.status !== 1) throw new Refusal('当前商品已停售');
    const num = Math.trunc(Number(form.num) || 0);
    if (num <= 0) throw new Refusal('至少购买1个');
    if (g.minimum && num < g.minimum) throw new Refusal(`本商品最少购买${g.minimum}个`);
    if (g.maximum && num > g.maximum) throw new Refusal(`本商品单次最多购买${g.maximum}个`);
    const race = form.race ?? '';
    if (g.races && !(race in g.races)) throw new Refusal('请选择商品种类');
    const widget: FakeAcgOrder['widget'] = {};
    for (const w of g.widget ?? []) {
      const value = form[w.name] ?? '';
      if (w.regex !== '' && !new RegExp(w.regex).test(value)) throw new Refusal(w.error);
      widget[w.name] = { value, cn: w.cn };
    }
    if (g.deliveryWay === 0) {
      const n = this.unsold(g.id, race);
      if (n === 0 || num > n) throw new Refusal('库存不足');
    }
    const requestNo = form.request_no ?? '';
    if (requestNo && this.orders.some((o) => o.requestNo === requestNo))
      throw new Refusal('The request ID already exists');
    const unit = Number(g.races ? g.races[race] : g.factoryPrice);
    const amount = Math.trunc(Math.round(num * unit * 100)) / 100;
    const user = this.users.get(userId)!;
    if (user.balance < amount) throw new Refusal('余额不足');
    user.balance = Math.round((user.balance - amount) * 100) / 100;
    const tradeNo = `${randomInt(100, 999)}${Date.now()}${randomInt(100, 999)}`;
    let secret: string;
    if (g.deliveryWay === 0) {
      const take = this.mode === 'short-deliver' ? num - 1 : num;
      const picked = this.cards
        .filter((c) => c.goodsId === g.id && !c.sold && (!race || c.race === race))
        .slice(0, take);
      for (const c of picked) c.sold = true;
      secret = picked.map((c) => c.secret).join('\n');
    } else secret = '正在发货中，请耐心等待，如有疑问，请联系客服。';
    this.orders.push({
      tradeNo,
      owner: userId,
      goodsId: g.id,
      num,
      amount,
      secret,
      requestNo,
      race,
      widget,
      status: 1,
    });
    return { url: null, amount, tradeNo, secret };
  }
}

class Refusal extends Error {}
