import {
  Codes,
  z as zod,
  OpenApiOrderStatusLabels,
  apiCardVoidInput,
  apiCdkeyCreateInput,
  apiComplaintInput,
  apiGoodsIdInput,
  apiGoodsListInput,
  apiOrderCreateInput,
  apiOrderRefInput,
  apiTransferInput,
  type DeliveredCard,
  type GoodsCard,
  type GoodsDetail,
  type GoodsDir,
  type Brand,
  type MyCdkCreateInput,
  type MyCdkCreated,
  type OpenApiScope,
  type OrderCreateInput,
  type OrderDetail,
  type Paged,
  type TransferResult,
  type z,
} from '@kapu/contract';
import type { ActorContext, SiteRef } from '../../core/context.js';
import type { JsonText } from '../../core/envelope.js';
import { businessError, isBusinessError } from '../../core/errors.js';
import { fenToYuan } from '../../core/money.js';
import type { Deps } from '../../deps.js';
import { openApiMember } from '../accounts/index.js';
import { balanceOf } from '../funds/index.js';
import { findGoods, memberLevels, priceFor, rechargeTemplateOf, sells, siteSale } from '../catalog/index.js';
import { apiGoodsStatus, apiGoodsType, apiOrderStatus, goodsTypeOfApi } from './api-status.js';
import { checkedUrl } from './keys.js';
import { queueOrderNotify } from './notify-queue.js';

/**
 * What the open API reuses of the storefront (app.ts passes the services in): the catalog as the
 * member's site sells it, orders (placed and paid like a balance checkout), transfers, complaints
 * and members' gift codes. The API adds no second way to buy: an API order is the member's order.
 */
export interface OpenApiPorts {
  siteById(id: number): Promise<SiteRef | null>;
  catalog: {
    getDirs(ctx: ActorContext): Promise<GoodsDir[]>;
    getBrands(ctx: ActorContext): Promise<Brand[]>;
    getList(ctx: ActorContext, input: Parameters<CatalogList>[1]): Promise<JsonText<Paged<GoodsCard>>>;
    getDetail(ctx: ActorContext, goodsId: number): Promise<GoodsDetail>;
  };
  orders: {
    create(ctx: ActorContext, input: OrderCreateInput): Promise<OrderDetail>;
    myDetail(ctx: ActorContext, orderNo: string): Promise<OrderDetail>;
    cardRepeal(ctx: ActorContext, orderNo: string, linkIds: number[], reason: string): Promise<{ requested: number }>;
  };
  transfer(
    ctx: ActorContext,
    input: { receiver: string; amount: number; salePwd?: string; memo?: string },
  ): Promise<TransferResult>;
  openComplaint(
    ctx: ActorContext,
    input: z.output<typeof import('@kapu/contract').complaintOpenInput>,
  ): Promise<{ id: number }>;
  createGiftCodes(ctx: ActorContext, input: MyCdkCreateInput): Promise<MyCdkCreated>;
}
type CatalogList = (ctx: ActorContext, input: import('@kapu/contract').GoodsListInput) => unknown;

/** A caller as the endpoints see it: the member's context on the site they registered on, and the key used. */
export interface Caller {
  ctx: ActorContext;
  appId: string;
  keyId: number;
}

interface Endpoint {
  scope: OpenApiScope | null;
  input: z.ZodType;
  run(caller: Caller, input: never): Promise<unknown>;
}

const y = (fen: number) => fenToYuan(Number(fen));
const WAIT_FOR_FIRST_MS = 15_000;

/** The member's context for API calls: their registration site, as if they were signed in there. */
export async function callerContext(
  deps: Deps,
  ports: OpenApiPorts,
  userId: number,
  ip: string,
  userAgent: string,
): Promise<ActorContext | null> {
  const member = await openApiMember(deps.db, userId);
  if (!member || !member.active) return null;
  const site = await ports.siteById(member.siteId);
  if (!site) return null;
  return {
    area: 'user',
    site,
    actor: { area: 'user', id: member.id, sessionId: 0, name: member.loginName },
    permissions: new Set(),
    ip,
    userAgent,
  };
}

/** An order as the API answers it (cards decrypted for their buyer). */
export function orderView(o: OrderDetail, outerNumber: string | null) {
  const repealPending = o.cards.some((c) => c.repealStatus === 'requested');
  const status = apiOrderStatus(o, repealPending);
  return {
    orderNumber: o.orderNo,
    outerNumber: outerNumber ?? '',
    goodsId: o.goodsId,
    goodsName: o.goodsName,
    goodsType: apiGoodsType[o.goodsType],
    count: o.quantity,
    price: y(o.unitPrice),
    amount: y(o.amount),
    refundAmount: y(o.refundAmount),
    status,
    statusText: OpenApiOrderStatusLabels[status] ?? o.statusText,
    createdAt: o.createdAt,
    paidAt: o.paidAt,
    deliveredAt: o.deliveredAt,
    deliveryText: o.deliveryText,
    attach: o.buyerInputs.map((b) => ({ name: b.label, value: b.value })),
    cards: cardsView(o.cards),
  };
}

export function cardsView(cards: DeliveredCard[]) {
  return cards.map((c) => ({
    cardId: c.id,
    cardNo: c.card,
    cardPwd: c.password,
    status: c.status,
    voidStatus: c.repealStatus,
  }));
}

function goodsItem(g: GoodsCard) {
  return {
    goodsId: g.id,
    goodsName: g.name,
    goodsType: apiGoodsType[g.type],
    dirId: g.dirId,
    brandId: g.brandId,
    image: g.image,
    faceValue: y(g.faceValue),
    salesPrice: y(g.price),
    status: apiGoodsStatus[g.status],
    stockCount: g.stock,
  };
}

/** Every path the API answers, with the scope a key needs for it (null: any key). */
export function openApiEndpoints(deps: Deps, ports: OpenApiPorts): Record<string, Endpoint> {
  const { db } = deps;

  /** The caller's outer number's row; waits for the first request when it is still in flight. */
  async function claim(
    caller: Caller,
    kind: 'order' | 'transfer',
    outerNumber: string,
    fingerprint: string,
    notifyUrl: string | null,
  ): Promise<{ mine: true; id: number } | { mine: false; refNo: string }> {
    const userId = caller.ctx.actor.id;
    const inserted = await db
      .insertInto('openapi_requests')
      .values({
        user_id: userId,
        app_id: caller.appId,
        kind,
        outer_number: outerNumber,
        fingerprint,
        ref_no: null,
        notify_url: notifyUrl,
        notify_state: null,
        notified_at: null,
        created_at: Date.now(),
      })
      .onConflict((oc) => oc.columns(['user_id', 'kind', 'outer_number']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return { mine: true, id: Number(inserted.id) };
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const row = await db
        .selectFrom('openapi_requests')
        .select(['ref_no', 'fingerprint'])
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('outer_number', '=', outerNumber)
        .executeTakeFirst();
      // The first request failed and let the number go: this one may try again.
      if (!row) return claim(caller, kind, outerNumber, fingerprint, notifyUrl);
      if (row.fingerprint !== fingerprint) throw businessError('OPENAPI_OUTER_NUMBER_REUSED');
      if (row.ref_no) return { mine: false, refNo: row.ref_no };
      if (Date.now() > deadline) throw businessError('OPENAPI_IN_PROGRESS');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  const release = (id: number) => db.deleteFrom('openapi_requests').where('id', '=', id).execute();

  async function orderOf(caller: Caller, input: { orderNumber?: string; outerNumber?: string }) {
    let orderNo = input.orderNumber;
    let outer: string | null = null;
    const q = db
      .selectFrom('openapi_requests')
      .select(['ref_no', 'outer_number'])
      .where('user_id', '=', caller.ctx.actor.id)
      .where('kind', '=', 'order');
    if (!orderNo) {
      const row = await q.where('outer_number', '=', input.outerNumber!).executeTakeFirst();
      if (!row?.ref_no) throw businessError('OPENAPI_ORDER_NOT_FOUND');
      orderNo = row.ref_no;
      outer = row.outer_number;
    } else {
      outer = (await q.where('ref_no', '=', orderNo).executeTakeFirst())?.outer_number ?? null;
    }
    if (!/^\d{17,40}$/.test(orderNo)) throw businessError('OPENAPI_ORDER_NOT_FOUND');
    const detail = await ports.orders.myDetail(caller.ctx, orderNo).catch((err: unknown) => {
      throw isOrderMissing(err) ? businessError('OPENAPI_ORDER_NOT_FOUND') : err;
    });
    return { detail, outer };
  }

  const endpoints: Record<string, Endpoint> = {
    'user/getAccount': {
      scope: null,
      input: anyObject,
      async run(caller: Caller) {
        const member = (await openApiMember(db, caller.ctx.actor.id))!;
        const levels = await memberLevels.list(db, caller.ctx.site.id);
        const platform = caller.ctx.site.id === 1 ? levels : await memberLevels.list(db, 1);
        const level = [...levels, ...platform].find((l) => l.id === member.levelId);
        return {
          userNo: member.userNo,
          loginName: member.loginName,
          balance: y(await balanceOf(db, member.id)),
          levelId: member.levelId,
          levelName: level?.name ?? '',
          siteId: caller.ctx.site.id,
          siteTitle: caller.ctx.site.title,
        };
      },
    },

    'user/transfer': {
      scope: 'transfer',
      input: apiTransferInput,
      async run(caller: Caller, input: z.output<typeof apiTransferInput>) {
        const fp = `${input.toUserNo}|${input.money}`;
        const held = await claim(caller, 'transfer', input.outerNumber, fp, null);
        if (!held.mine)
          return { transferNo: held.refNo, outerNumber: input.outerNumber, money: y(input.money), repeated: true };
        try {
          const done = await ports.transfer(caller.ctx, {
            receiver: input.toUserNo,
            amount: input.money,
            salePwd: input.salePwd,
            memo: `开放接口 ${input.outerNumber}`.slice(0, 50),
          });
          await db.updateTable('openapi_requests').set({ ref_no: done.transferNo }).where('id', '=', held.id).execute();
          return {
            transferNo: done.transferNo,
            outerNumber: input.outerNumber,
            money: y(done.amount),
            balance: y(done.balance),
            repeated: false,
          };
        } catch (err) {
          await release(held.id);
          throw err;
        }
      },
    },

    'goods/getDirs': {
      scope: 'goods',
      input: anyObject,
      async run(caller: Caller) {
        const [dirs, brands] = await Promise.all([
          ports.catalog.getDirs(caller.ctx),
          ports.catalog.getBrands(caller.ctx),
        ]);
        const brandsOf = (dirId: number) =>
          brands.filter((b) => b.dirId === dirId).map((b) => ({ brandId: b.id, brandName: b.name, logo: b.logo }));
        return dirs.map((d) => ({
          dirId: d.id,
          dirName: d.name,
          brands: brandsOf(d.id),
          children: d.children.map((c) => ({ dirId: c.id, dirName: c.name, brands: brandsOf(c.id) })),
        }));
      },
    },

    'goods/getList': {
      scope: 'goods',
      input: apiGoodsListInput,
      async run(caller: Caller, input: z.output<typeof apiGoodsListInput>) {
        const page = JSON.parse(
          (
            await ports.catalog.getList(caller.ctx, {
              dirId: input.dirId,
              brandId: input.brandId,
              type: input.goodsType ? goodsTypeOfApi[input.goodsType] : undefined,
              keyword: input.keyWord,
              page: input.page,
              pageSize: input.pageSize,
            })
          ).text,
        ) as Paged<GoodsCard>;
        return {
          allCount: page.total,
          allPage: Math.ceil(page.total / input.pageSize),
          page: input.page,
          items: page.list.map(goodsItem),
        };
      },
    },

    'goods/getDetail': {
      scope: 'goods',
      input: apiGoodsIdInput,
      async run(caller: Caller, input: z.output<typeof apiGoodsIdInput>) {
        const g = await goodsDetail(caller, input.goodsId);
        return {
          ...goodsItem(g),
          faceValue: y(g.faceValue),
          images: g.images,
          description: g.description,
          minQuantity: g.minQuantity,
          maxQuantity: g.maxQuantity,
          multiple: g.multiple,
          perUserLimit: g.perUserLimit,
          wholesale: g.wholesale.map((w) => ({ minQuantity: w.minQuantity, price: y(w.price) })),
          rechargeFields: g.rechargeTemplate.map((f) => ({ ...f, name: f.key })),
          allowVoid: g.allowRepeal,
          allowRefund: g.allowRepeal,
        };
      },
    },

    'order/create': {
      scope: 'orders',
      input: apiOrderCreateInput,
      async run(caller: Caller, input: z.output<typeof apiOrderCreateInput>) {
        const notifyUrl = checkedUrl(input.notifyUrl);
        const fp = `${input.goodsId}|${input.count}|${JSON.stringify(input.attach ?? [])}`;
        const held = await claim(caller, 'order', input.outerNumber, fp, notifyUrl);
        if (!held.mine) {
          const detail = await ports.orders.myDetail(caller.ctx, held.refNo);
          return orderView(detail, input.outerNumber);
        }
        try {
          // With a safe price, the price is read first as checkout reads it (the member's level on
          // their site) and passed on as the expected price: one that moved meanwhile refuses the order.
          let expectedPrice: number | undefined;
          if (input.safePrice !== undefined) {
            const goods = await findGoods(db, caller.ctx.site, input.goodsId).catch((err: unknown) => {
              throw isGoodsMissing(err) ? businessError('OPENAPI_GOODS_NOT_FOUND') : err;
            });
            const sale = await siteSale(db, caller.ctx.site, caller.ctx.actor.id);
            if (goods.status !== 'on_sale' || !sells(sale, goods)) throw businessError('OPENAPI_GOODS_NOT_FOUND');
            expectedPrice = (await priceFor(db, sale, goods, input.count)).unitPrice;
            if (expectedPrice > input.safePrice)
              throw businessError('OPENAPI_PRICE_ABOVE_SAFE', undefined, { salesPrice: y(expectedPrice) });
          }
          const rechargeInputs = input.attach?.length
            ? await attachInputs(caller, input.goodsId, input.attach)
            : undefined;
          const detail = await ports.orders.create(caller.ctx, {
            goodsId: input.goodsId,
            quantity: input.count,
            payBy: 'balance',
            salePwd: input.salePwd,
            rechargeInputs,
            expectedPrice,
          } as OrderCreateInput);
          await db.updateTable('openapi_requests').set({ ref_no: detail.orderNo }).where('id', '=', held.id).execute();
          // The state the order was created in is called back at once; later changes come as order events.
          if (notifyUrl) await queueOrderNotify(db, held.id);
          return orderView(detail, input.outerNumber);
        } catch (err) {
          await release(held.id);
          // No password sent and the key not opted in: say how to go on (decision 0015).
          if (isBusinessError(err) && err.code === Codes.SALE_PWD_REQUIRED.code && !input.salePwd)
            throw businessError('OPENAPI_SALE_PWD_NEEDED');
          throw err;
        }
      },
    },

    'order/getDetail': {
      scope: 'orders',
      input: apiOrderRefInput,
      async run(caller: Caller, input: z.output<typeof apiOrderRefInput>) {
        const { detail, outer } = await orderOf(caller, input);
        return orderView(detail, outer);
      },
    },

    'order/refunds': {
      scope: 'refunds',
      input: apiOrderRefInput,
      async run(caller: Caller, input: z.output<typeof apiOrderRefInput>) {
        const { detail, outer } = await orderOf(caller, input);
        const view = orderView(detail, outer);
        return {
          orderNumber: view.orderNumber,
          outerNumber: view.outerNumber,
          status: view.status,
          statusText: view.statusText,
          amount: view.amount,
          refundAmount: view.refundAmount,
          refundedAt: detail.refundedAt,
          refundReason: detail.refundReason,
          voids: detail.cards
            .filter((c) => c.repealStatus && c.repealStatus !== 'none')
            .map((c) => ({
              cardId: c.id,
              voidStatus: c.repealStatus,
              reason: c.repealReason ?? '',
              note: c.repealNote ?? '',
            })),
        };
      },
    },

    'complaint/create': {
      scope: 'orders',
      input: apiComplaintInput,
      async run(caller: Caller, input: z.output<typeof apiComplaintInput>) {
        const { detail } = await orderOf(caller, { orderNumber: input.orderNumber });
        const opened = await ports.openComplaint(caller.ctx, {
          orderNo: detail.orderNo,
          type: 'other',
          content: `【${input.topic}】${input.content}`,
          images: input.images ?? [],
        } as unknown as z.output<typeof import('@kapu/contract').complaintOpenInput>);
        return { complaintId: opened.id, orderNumber: detail.orderNo };
      },
    },

    'card/getDetail': {
      scope: 'orders',
      input: apiOrderRefInput,
      async run(caller: Caller, input: z.output<typeof apiOrderRefInput>) {
        const { detail, outer } = await orderOf(caller, input);
        return { orderNumber: detail.orderNo, outerNumber: outer ?? '', cards: cardsView(detail.cards) };
      },
    },

    'card/void': {
      scope: 'refunds',
      input: apiCardVoidInput,
      async run(caller: Caller, input: z.output<typeof apiCardVoidInput>) {
        const { detail } = await orderOf(caller, { orderNumber: input.orderNumber });
        if (input.cardIds.some((id) => !detail.cards.some((c) => c.id === id)))
          throw businessError('OPENAPI_CARD_NOT_FOUND');
        const done = await ports.orders.cardRepeal(caller.ctx, detail.orderNo, input.cardIds, input.reason);
        return { orderNumber: detail.orderNo, requested: done.requested };
      },
    },

    'cdkey/create': {
      scope: 'transfer',
      input: apiCdkeyCreateInput,
      async run(caller: Caller, input: z.output<typeof apiCdkeyCreateInput>) {
        if (input.kind === 'goods' && !input.goodsId)
          throw businessError('BAD_INPUT', '请填写商品 ID', { field: 'goodsId' });
        if (input.kind === 'balance' && !(input.amount && input.amount > 0))
          throw businessError('BAD_INPUT', '余额兑换码的面值须大于 0', { field: 'amount' });
        const made = await ports.createGiftCodes(caller.ctx, {
          kind: input.kind,
          goodsId: input.goodsId,
          quantity: input.quantity,
          amount: input.amount,
          count: input.count,
          uses: 1,
          forSite: false,
          salePwd: input.salePwd,
        } as MyCdkCreateInput);
        return {
          codes: made.codes.map((c) => ({ id: c.id, code: c.code, link: c.link })),
          paid: y(made.paid),
          balance: y(made.balance),
        };
      },
    },
  };

  /** attach [{name, value}] → the goods' recharge inputs by field key (name is the key or the label). */
  async function attachInputs(caller: Caller, goodsId: number, attach: Array<{ name: string; value: string }>) {
    const goods = await findGoods(db, caller.ctx.site, goodsId).catch((err: unknown) => {
      throw isGoodsMissing(err) ? businessError('OPENAPI_GOODS_NOT_FOUND') : err;
    });
    return Object.fromEntries(
      rechargeTemplateOf(goods).flatMap((f) => {
        const hit = attach.find((a) => a.name === f.key || a.name === f.label);
        return hit ? [[f.key, hit.value]] : [];
      }),
    );
  }

  async function goodsDetail(caller: Caller, goodsId: number): Promise<GoodsDetail> {
    try {
      const g = await ports.catalog.getDetail(caller.ctx, goodsId);
      if (g.status !== 'on_sale') throw businessError('OPENAPI_GOODS_NOT_FOUND');
      return g;
    } catch (err) {
      if (isGoodsMissing(err)) throw businessError('OPENAPI_GOODS_NOT_FOUND');
      throw err;
    }
  }

  return endpoints;
}

const anyObject = zod.object({}).loose();
const isOrderMissing = (err: unknown) => (err as { code?: number }).code === Codes.ORDER_NOT_FOUND.code;
const isGoodsMissing = (err: unknown) => (err as { code?: number }).code === Codes.GOODS_NOT_FOUND.code;
