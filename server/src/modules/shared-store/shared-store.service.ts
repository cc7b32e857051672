import {
  Codes,
  orderCreateInput,
  sharedAuthInput,
  sharedGoodsInput,
  sharedQueryInput,
  sharedTradeInput,
  type GoodsCard,
  type GoodsDetail,
  type OrderCreateInput,
  type OrderDetail,
  type RechargeField,
} from '@kapu/contract';
import type { ActorContext, RequestContext } from '../../core/context.js';
import { safeEqual } from '../../core/crypto.js';
import { businessError, isBusinessError } from '../../core/errors.js';
import { fenToYuan } from '../../core/money.js';
import type { Deps } from '../../deps.js';
import { isMemberOfSite, resolveMember } from '../accounts/index.js';
import { ipAllowed, openApiCredentials } from '../openapi/index.js';
import type { CatalogService } from '../catalog/index.js';
import { balanceOf } from '../funds/index.js';
import { acgSignature } from './acg-sign.js';

/**
 * Kapu serving acg-faka 3.x's shared-store protocol (decision 0015): an unmodified acg-faka shop adds
 * Kapu as its 共享店铺 with Kapu's address and a member's open-API app id and secret, lists the goods
 * at that member's price, and buys with the member's balance. Orders are the member's ordinary
 * balance-paid orders (made through the orders port app.ts passes in).
 */
export interface SharedStorePorts {
  catalog: Pick<CatalogService, 'getDirs' | 'getList' | 'getDetail'>;
  /** orders' `create`: with `payBy: 'balance'` one transaction takes stock, debits and delivers. */
  createOrder(ctx: RequestContext, input: OrderCreateInput): Promise<OrderDetail>;
  /** orders' `myDetail`: the member's own order, or ORDER_NOT_FOUND. */
  orderOf(ctx: ActorContext, orderNo: string): Promise<OrderDetail>;
}

/** Form fields as posted: text only (a repeated or nested field is refused like acg-faka's is_scalar check). */
export type SharedForm = Record<string, string>;

/** What acg-faka writes for goods delivered by hand while they wait. */
const WAITING = '正在发货中，请耐心等待，如有疑问，请联系客服。';
/** Goods listed per page while building `items`, and pages at most (10 000 goods). */
const PAGE = 100;
const MAX_PAGES = 100;
/** Unsold count reported for goods whose cards never run out. */
const ENDLESS = 99_999;

const yuan = (fen: number) => fenToYuan(fen);
/** acg-faka writes computed prices (calcAmount) as JSON numbers. */
const yuanNumber = (fen: number) => Number(fenToYuan(fen));

/** A Kapu buyer field → an acg-faka widget (its downstream asks the buyer and posts it by name). */
function widgetOf(field: RechargeField) {
  return {
    cn: field.label,
    name: field.key,
    placeholder: field.placeholder ?? `请输入${field.label}`,
    type: field.type === 'select' ? 'select' : 'text',
    regex: field.required ? '^[\\s\\S]+$' : '',
    error: `请填写${field.label}`,
    dict: (field.options ?? []).join(','),
  };
}

/** One goods as acg-faka's Commodity row (the fields its downstream reads when it imports). */
function commodityOf(card: GoodsCard, detail: GoodsDetail | null) {
  return {
    id: card.id,
    category_id: card.dirId,
    name: card.name,
    description: detail?.description ?? '',
    cover: card.image,
    // The retail price (the downstream adds its markup to it) and the member's cost.
    price: yuan(card.basePrice),
    user_price: yuan(card.basePrice),
    factory_price: yuanNumber(card.price),
    code: String(card.id),
    status: 1,
    api_status: 1,
    hide: 0,
    delivery_way: card.type === 'card' ? 0 : 1,
    contact_type: 0,
    password_status: 0,
    sort: 0,
    coupon: 0,
    lot_status: 0,
    seckill_status: 0,
    seckill_start_time: null,
    seckill_end_time: null,
    draft_status: 0,
    draft_premium: 0,
    inventory_hidden: 0,
    only_user: 0,
    purchase_count: 0,
    minimum: detail?.minQuantity ?? 1,
    maximum: detail?.maxQuantity ?? 0,
    widget: JSON.stringify((detail?.rechargeTemplate ?? []).map(widgetOf)),
    config: '',
  };
}

/** acg-faka's secret: one card a line, `card----password` as the card was imported. */
function secretOf(o: OrderDetail): string {
  if (o.goodsType === 'card' && o.cards.length)
    return o.cards.map((c) => (c.password ? `${c.card}----${c.password}` : c.card)).join('\n');
  return o.deliveryText || WAITING;
}

export function sharedStoreService(deps: Deps, ports: SharedStorePorts) {
  const { db } = deps;

  /**
   * SharedValidation: the app id names a member's open-API key; the signature over everything posted
   * must be the key's. The member must be active and of the site the request reached.
   */
  async function authenticate(
    base: RequestContext,
    form: SharedForm,
    scope: 'goods' | 'orders' = 'goods',
  ): Promise<ActorContext> {
    const auth = sharedAuthInput.safeParse(form);
    if (!auth.success) throw businessError('SHARED_APP_ID_UNKNOWN');
    const creds = await openApiCredentials(deps, auth.data.app_id);
    if (!creds) throw businessError('SHARED_APP_ID_UNKNOWN');
    if (!safeEqual(acgSignature(form, creds.secret), auth.data.sign)) throw businessError('SHARED_SIGN_INVALID');
    // Any of the member's keys (decision 0014), within its scopes: goods to read, orders to trade.
    if (!creds.enabled || !creds.scopes.includes(scope)) throw businessError('SHARED_API_DISABLED');
    if (!ipAllowed(creds.ipAllowlist, base.ip)) throw businessError('SHARED_IP_DENIED');
    const member = await resolveMember(db, creds.userId);
    if ('refused' in member) throw businessError('SHARED_MEMBER_BANNED');
    if (!(await isMemberOfSite(db, creds.userId, base.site.id))) throw businessError('SHARED_APP_ID_UNKNOWN');
    return {
      ...base,
      area: 'user',
      actor: { area: 'user', id: creds.userId, sessionId: 0, name: member.name },
      permissions: new Set(member.permissions),
      // acg-faka sends no sale password: the key's opt-in decides (decision 0015).
      orderWithoutSalePwd: creds.noSalePwd,
    };
  }

  /** The goods by its code (our goods id), on sale; acg-faka's words when not. */
  async function liveGoods(ctx: ActorContext, code: string): Promise<GoodsDetail> {
    if (code === '') throw businessError('SHARED_CODE_REQUIRED');
    if (!/^[1-9]\d{0,15}$/.test(code)) throw businessError('SHARED_GOODS_NOT_FOUND');
    let goods: GoodsDetail;
    try {
      goods = await ports.catalog.getDetail(ctx, Number(code));
    } catch (err) {
      if (isBusinessError(err)) throw businessError('SHARED_GOODS_NOT_FOUND');
      throw err;
    }
    if (goods.type === 'physical') throw businessError('SHARED_GOODS_NOT_FOUND');
    if (goods.status !== 'on_sale') throw businessError('SHARED_GOODS_OFF');
    return goods;
  }

  const unsold = (g: GoodsCard) => (g.type !== 'card' ? 0 : g.stock < 0 ? ENDLESS : g.stock);

  /** Categories (our directories) with their goods, as acg-faka's getItems answers. */
  async function categories(ctx: ActorContext, only: GoodsDetail | null) {
    const dirNames = new Map<number, string>();
    for (const d of await ports.catalog.getDirs(ctx)) {
      dirNames.set(d.id, d.name);
      for (const c of d.children) dirNames.set(c.id, c.name);
    }
    let cards: GoodsCard[];
    if (only) cards = [only];
    else {
      cards = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const answer = await ports.catalog.getList(ctx, { page, pageSize: PAGE } as Parameters<
          SharedStorePorts['catalog']['getList']
        >[1]);
        const list = (JSON.parse(answer.text) as { list: GoodsCard[]; total: number }).list;
        cards.push(...list);
        if (list.length < PAGE) break;
      }
    }
    const byDir = new Map<number, ReturnType<typeof commodityOf>[]>();
    for (const card of cards) {
      if (card.type === 'physical' || card.status !== 'on_sale') continue;
      const detail = only ?? (await ports.catalog.getDetail(ctx, card.id).catch(() => null));
      const list = byDir.get(card.dirId) ?? [];
      list.push(commodityOf(card, detail));
      byDir.set(card.dirId, list);
    }
    return [...byDir].map(([dirId, children]) => ({
      id: dirId,
      name: dirNames.get(dirId) ?? '默认分类',
      status: 1,
      hide: 0,
      children,
    }));
  }

  return {
    authenticate,

    /** authentication/connect: the shop's name and the member's balance. */
    async connect(ctx: ActorContext) {
      return { shopName: ctx.site.title, balance: yuan(await balanceOf(db, ctx.actor.id)) };
    },

    /** commodity/items: every goods the member may buy, by directory. */
    items(ctx: ActorContext) {
      return categories(ctx, null);
    },

    /** commodity/item: one goods (by `sharedCode`), in the same shape; [] when it is not on sale. */
    async item(ctx: ActorContext, form: SharedForm) {
      const input = sharedGoodsInput.parse(form);
      if (input.sharedCode === '') throw businessError('SHARED_CODE_REQUIRED', '对接CODE不能为空');
      const goods = await liveGoods(ctx, input.sharedCode).catch((err: unknown) => {
        if (isBusinessError(err) && err.message !== '对接CODE不能为空') return null;
        throw err;
      });
      return goods ? categories(ctx, goods) : [];
    },

    /** commodity/inventory: stock, prices and kind of one goods. */
    async inventory(ctx: ActorContext, form: SharedForm) {
      const input = sharedGoodsInput.parse(form);
      const goods = await liveGoods(ctx, input.sharedCode);
      return {
        count: unsold(goods),
        delivery_way: goods.type === 'card' ? 0 : 1,
        draft_status: 0,
        price: yuan(goods.basePrice),
        user_price: yuan(goods.basePrice),
        config: '',
        factory_price: yuanNumber(goods.price),
        is_category: false,
      };
    },

    /** commodity/inventoryState: enough stock for `num`, or 库存不足. */
    async inventoryState(ctx: ActorContext, form: SharedForm) {
      const input = sharedTradeInput.parse(form);
      const goods = await liveGoods(ctx, input.shared_code);
      if (goods.type === 'card' && goods.stock >= 0 && (goods.stock === 0 || input.num > goods.stock))
        throw businessError('SHARED_STOCK_SHORT');
      return [];
    },

    /**
     * commodity/trade: the member's order, paid from the balance and (cards) delivered in one step.
     * A `request_no` is claimed first: the same request twice is refused, never bought twice.
     */
    async trade(ctx: ActorContext, form: SharedForm) {
      const input = sharedTradeInput.parse(form);
      const goods = await liveGoods(ctx, input.shared_code);
      const inputs: Record<string, string> = {};
      for (const f of goods.rechargeTemplate) if (form[f.key] !== undefined) inputs[f.key] = form[f.key]!;
      const order = orderCreateInput.parse({
        goodsId: goods.id,
        quantity: input.num,
        payBy: 'balance',
        ...(Object.keys(inputs).length ? { rechargeInputs: JSON.stringify(inputs) } : {}),
      });
      let claim: number | null = null;
      if (input.request_no) {
        const inserted = await db
          .insertInto('shared_store_trades')
          .values({ user_id: ctx.actor.id, request_no: input.request_no, order_no: null, created_at: Date.now() })
          .onConflict((oc) => oc.columns(['user_id', 'request_no']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) throw businessError('SHARED_REQUEST_EXISTS');
        claim = Number(inserted.id);
      }
      let made: OrderDetail;
      try {
        made = await ports.createOrder(ctx, order);
      } catch (err) {
        // Nothing was bought: the request may come again.
        if (claim !== null) await db.deleteFrom('shared_store_trades').where('id', '=', claim).execute();
        if (isBusinessError(err) && /库存/.test(err.message)) throw businessError('SHARED_STOCK_SHORT');
        if (isBusinessError(err) && err.code === Codes.SALE_PWD_REQUIRED.code)
          throw businessError('SHARED_SALE_PWD_NEEDED');
        throw err;
      }
      if (claim !== null)
        await db.updateTable('shared_store_trades').set({ order_no: made.orderNo }).where('id', '=', claim).execute();
      return { url: null, amount: yuanNumber(made.amount), tradeNo: made.orderNo, secret: secretOf(made) };
    },

    /** commodity/query: the member's order by its number: cards, buyer fields, paid or not. */
    async query(ctx: ActorContext, form: SharedForm) {
      const input = sharedQueryInput.safeParse(form);
      if (!input.success) throw businessError('SHARED_ORDER_NOT_FOUND');
      let o: OrderDetail;
      try {
        o = await ports.orderOf(ctx, input.data.tradeNo);
      } catch (err) {
        if (isBusinessError(err)) throw businessError('SHARED_ORDER_NOT_FOUND');
        throw err;
      }
      const widget = Object.fromEntries(o.buyerInputs.map((b) => [b.key, { value: b.value, cn: b.label }]));
      return {
        secret: o.status === 'unpaid' ? null : secretOf(o),
        widget: o.buyerInputs.length ? widget : null,
        status: o.status === 'unpaid' ? 0 : 1,
      };
    },
  };
}
export type SharedStoreService = ReturnType<typeof sharedStoreService>;
