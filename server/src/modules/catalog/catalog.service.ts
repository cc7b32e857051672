import { publishEvent } from '../../core/events.js';
import {
  GoodsTypeLabels,
  type AdminDir,
  type AdminGoodsDetail,
  type AdminGoodsRow,
  type Brand,
  type GoodsCard,
  type GoodsDetail,
  type GoodsDir,
  type GoodsListInput,
  type GoodsLogEntry,
  type Level,
  type PriceListAnswer,
  type GoodsSaveInput,
  type Paged,
  type RechargeField,
  type z,
  type priceListInput,
  type adminGoodsListInput,
  type dirSaveInput,
  type brandSaveInput,
} from '@kapu/contract';
import { lazyModule } from '../../core/lazy-module.js';
import { writeAudit } from '../../core/calls.js';
import type { ActorContext, RequestContext, SiteRef } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';
import { ReadCache } from '../../core/db/read-cache.js';
import { rowBytes, textBytes } from '../../core/lru.js';
import { JsonText } from '../../core/envelope.js';
import { businessError } from '../../core/errors.js';
import { fenToYuan } from '../../core/money.js';
import { mapPage } from '../../core/paging.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { catalogRepo as repo, type GoodsBoughtBy, type GoodsRow } from './catalog.repo.js';
import { loadPriceRules, quote, type PriceRules } from './pricing.js';
import {
  hiddenGoods,
  salePriceKey,
  saleQuote,
  sellingSites,
  sells,
  shelfGoods,
  shopOf,
  siteDirs,
  siteSale,
  type SiteSale,
} from './site-sale.js';
import { siteRulesFor } from '../sites/index.js';
import { moveStatus } from '../../core/fsm.js';
import { goodsMachine } from './goods-machine.js';

const loadSanitizer = lazyModule<typeof import('sanitize-html')>('sanitize-html');

/** Rich text allowed in goods descriptions: formatting, links, images; no scripts, no styles. */
const descriptionHtml = (defaults: readonly string[]): import('sanitize-html').IOptions => ({
  allowedTags: [...defaults, 'img', 'span', 'font'],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'], '*': ['align'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
});
export function sanitizeDescription(html: string): string {
  const sanitize = loadSanitizer();
  return sanitize(html, descriptionHtml(sanitize.defaults.allowedTags));
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/**
 * Unsold cards per goods id. The stock module counts them; app.ts passes its counter in, so
 * catalog does not import stock (stock imports catalog for the goods it holds cards of).
 */
export type CardCounts = (db: Db, goodsIds: number[]) => Promise<Map<number, number>>;

async function stockOf(db: Db, goods: GoodsRow[], availableCardCounts: CardCounts): Promise<Map<number, number>> {
  const cardIds = goods.filter((g) => g.type === 'card').map((g) => g.id);
  const counts = await availableCardCounts(db, cardIds);
  const out = new Map<number, number>();
  for (const g of goods) {
    if (g.type === 'card') {
      const n = counts.get(g.id) ?? 0;
      out.set(g.id, g.loop_card === 1 && n > 0 ? -1 : n);
    } else out.set(g.id, g.stock ?? -1);
  }
  return out;
}

/** What a list of goods shows besides the rows: price rules and stock, read once per list. */
interface GoodsExtras {
  rules: Map<number, PriceRules>;
  stock: Map<number, number>;
}

async function extrasOf(db: Db, shop: number, goods: GoodsRow[], cardCounts: CardCounts): Promise<GoodsExtras> {
  const [rules, stock] = await Promise.all([loadPriceRules(db, shop, goods), stockOf(db, goods, cardCounts)]);
  return { rules, stock };
}

/** A card's fields before its price (the same for every buyer and site). */
function cardHead(g: GoodsRow) {
  const images = parseJson<string[]>(g.images, []);
  return {
    id: g.id,
    dirId: g.dir_id,
    brandId: g.brand_id,
    name: g.name,
    image: images[0] ?? '',
    type: g.type,
    typeText: GoodsTypeLabels[g.type],
    faceValue: g.face_value,
  };
}

/** … and after it. */
function cardTail(g: GoodsRow, extras: GoodsExtras) {
  return {
    basePrice: g.price,
    stock: extras.stock.get(g.id) ?? 0,
    soldCount: g.sold_count,
    hot: g.hot === 1,
    recommended: g.recommended === 1,
    status: g.status,
  };
}

function toCard(g: GoodsRow, extras: GoodsExtras, sale: SiteSale): GoodsCard {
  return {
    ...cardHead(g),
    price: saleQuote(sale, extras.rules.get(g.id)!, g, 1).unitPrice,
    ...cardTail(g, extras),
  };
}

/**
 * A list page serialised but for the prices: `JSON.stringify` of the cards with the price spliced
 * in, field for field, so an answer for another site or level is a few quotes and a join instead
 * of building and serialising every card again (10,000 sites each with its own prices).
 */
interface PageTemplate {
  /** Only what pricing reads of the goods row: a cached page keeps no descriptions. */
  cards: Array<{
    goods: { id: number; dir_id: number; site_id: number };
    rules: PriceRules;
    before: string;
    after: string;
  }>;
  total: number;
}

function pageTemplate(list: GoodsRow[], total: number, extras: GoodsExtras): PageTemplate {
  return {
    total,
    cards: list.map((g) => {
      const head = JSON.stringify(cardHead(g));
      const tail = JSON.stringify(cardTail(g, extras));
      return {
        goods: { id: g.id, dir_id: g.dir_id, site_id: g.site_id },
        rules: extras.rules.get(g.id)!,
        before: `${head.slice(0, -1)},"price":`,
        after: `,${tail.slice(1)}`,
      };
    }),
  };
}

/** The text of `JSON.stringify(paged)` for a page of cards priced for `sale`. */
function pageText(template: PageTemplate, sale: SiteSale, page: number, pageSize: number): string {
  const cards = template.cards.map((c) => c.before + saleQuote(sale, c.rules, c.goods, 1).unitPrice + c.after);
  return `{"list":[${cards.join(',')}],"total":${template.total},"page":${page},"pageSize":${pageSize}}`;
}

async function cardsOf(db: Db, sale: SiteSale, goods: GoodsRow[], cardCounts: CardCounts): Promise<GoodsCard[]> {
  const extras = await extrasOf(db, sale.shop, goods, cardCounts);
  return goods.map((g) => toCard(g, extras, sale));
}

/**
 * Storefront list pages (serialised but for the prices, with each goods' price rules), kept while
 * the database is unchanged (exact, SQLite only: core/db/read-cache.ts); the buyer's level and the
 * site's chain are applied per call. Every cache of answers here is bounded by bytes, as the
 * entries' sizes vary with the page size and the goods' names: together at most 28 MB per process
 * (docs/benchmarks.md, "Sub-sites": 10,000 sites visited in turn).
 */
const templateBytes = (t: PageTemplate) =>
  t.cards.reduce((sum, c) => sum + textBytes(c.before) + textBytes(c.after) + 256, 64);
const listPages = new ReadCache<PageTemplate>(2000, undefined, { maxBytes: 8 << 20, weigh: templateBytes });
const answerBytes = (a: JsonText) => a.bytes;
/** The platform's answers, per level. */
const listAnswers = new ReadCache<JsonText<Paged<GoodsCard>>>(4000, undefined, {
  maxBytes: 8 << 20,
  weigh: answerBytes,
});
/**
 * Sub-sites' answers, per chain prices (`chainPriceKey`: sites that price alike share them) and
 * buyer terms. A miss costs a join of the page's template, so this only spares the busiest sites that.
 */
const siteListAnswers = new ReadCache<JsonText<Paged<GoodsCard>>>(2000, undefined, {
  maxBytes: 4 << 20,
  weigh: answerBytes,
});

/** Goods rows by id, kept until the goods table changes (read-only: shared). */
const goodsRows = new ReadCache<GoodsRow | undefined>(5000, ['goods'], { maxBytes: 8 << 20, weigh: rowBytes });

/**
 * Finds a goods the site's catalogue holds — the platform's (every site sells it, decision 0009) or
 * the own goods of a site of its chain (decision 0018) — or answers GOODS_NOT_FOUND (foreign ids,
 * a sibling's goods, look the same as missing ones). Whether a sub-site sells it is the caller's
 * question (`sells`).
 */
export async function findGoods(db: Db, site: SiteRef, goodsId: number): Promise<GoodsRow> {
  const goods = await findGoodsById(db, goodsId);
  if (!site.chain.includes(Number(goods.site_id))) throw businessError('GOODS_NOT_FOUND');
  return goods;
}

/** A goods by id, whichever site owns it: an order's goods, on whichever site it was sold. */
export function findGoodsOfShop(db: Db, goodsId: number): Promise<GoodsRow> {
  return findGoodsById(db, goodsId);
}

async function findGoodsById(db: Db, goodsId: number): Promise<GoodsRow> {
  const goods = await goodsRows.load(db, String(goodsId), () => repo.goodsById(db, goodsId));
  if (!goods) throw businessError('GOODS_NOT_FOUND');
  return goods;
}

export function rechargeTemplateOf(goods: GoodsRow): RechargeField[] {
  return parseJson<RechargeField[]>(goods.recharge_template, []);
}

/** Of suppliers' goods, those that may not go on sale yet (supply's reviews; a port from app.ts, catalog is below supply). */
export type GoodsHeldByReview = (db: Db, supplierGoodsIds: readonly number[]) => Promise<number[]>;

export function catalogService(
  { db, config }: Deps,
  cardCounts: CardCounts,
  goodsBoughtBy: GoodsBoughtBy,
  heldByReview: GoodsHeldByReview = async () => [],
) {
  const actorId = (ctx: RequestContext) => (ctx.area === 'user' && ctx.actor ? ctx.actor.id : null);

  async function saveGoods(ctx: RequestContext, input: GoodsSaveInput) {
    const site = ctx.site;
    const dir = await repo.dir(db, site.id, input.dirId);
    if (!dir) throw businessError('DIR_NOT_FOUND');
    if (input.brandId && !(await repo.brand(db, site.id, input.brandId))) throw businessError('BRAND_NOT_FOUND');
    if (input.levelPrices?.length) {
      const levels = new Set((await repo.levels(db, site.id)).map((l) => l.id));
      if (input.levelPrices.some((p) => !levels.has(p.levelId))) throw businessError('LEVEL_NOT_FOUND');
    }
    if (input.type === 'recharge' && !input.rechargeTemplate?.length) {
      throw businessError('BAD_INPUT', '直充商品请至少设置一个充值字段', { field: 'rechargeTemplate' });
    }
    const now = Date.now();
    const values = {
      dir_id: input.dirId,
      brand_id: input.brandId ?? null,
      name: input.name,
      images: JSON.stringify(input.images ?? []),
      description: sanitizeDescription(input.description ?? ''),
      type: input.type,
      face_value: input.faceValue,
      price: input.price,
      cost: input.cost ?? 0,
      stock: input.type === 'card' ? null : (input.stock ?? null),
      recharge_template: JSON.stringify(input.rechargeTemplate ?? []),
      min_quantity: input.minQuantity,
      max_quantity: input.maxQuantity,
      multiple: input.multiple,
      per_user_limit: input.perUserLimit,
      visitor_allowed: input.visitorAllowed ?? 1,
      contact_type: input.contactType,
      status: input.status,
      sort: input.sort,
      hot: input.hot ?? 0,
      recommended: input.recommended ?? 0,
      loop_card: input.type === 'card' ? (input.loopCard ?? 0) : 0,
      allow_repeal: input.type === 'card' ? (input.allowRepeal ?? 0) : 0,
      updated_at: now,
    };
    return db.transaction().execute(async (trx) => {
      let id: number;
      if (input.id) {
        const before = await repo.goods(trx, site.id, input.id);
        if (!before) throw businessError('GOODS_NOT_FOUND');
        if (before.type !== input.type) throw businessError('BAD_INPUT', '商品类型创建后不能修改', { field: 'type' });
        // updated_at names the version of the goods' price rules (cached by it in pricing.ts):
        // it must move on every save, even two saves within one millisecond.
        const { status, ...rest } = values;
        await trx
          .updateTable('goods')
          .set({ ...rest, updated_at: Math.max(now, before.updated_at + 1) })
          .where('id', '=', input.id)
          .execute();
        if (before.status !== status) await moveStatus(trx, goodsMachine, input.id, before.status, status);
        id = input.id;
        if (before.price !== input.price)
          await repo.writeLog(trx, id, 'price', fenToYuan(before.price), fenToYuan(input.price), now);
        if (before.status !== input.status) await repo.writeLog(trx, id, 'status', before.status, input.status, now);
        if (before.stock !== values.stock)
          await repo.writeLog(trx, id, 'stock', String(before.stock ?? '不限'), String(values.stock ?? '不限'), now);
        // Sold out → stock again (到货提醒 listens); -1 = no limit.
        if (before.stock === 0 && values.stock !== 0)
          await publishEvent(trx, 'stock.restocked', {
            goodsId: id,
            siteId: Number(before.site_id),
            available: values.stock ?? -1,
          });
        // Pushed to open-API subscribers (decision 0014): what they sync is price, status and stock.
        const what =
          before.price !== input.price
            ? 'price'
            : before.status !== input.status
              ? 'status'
              : before.stock !== values.stock
                ? 'stock'
                : null;
        if (what) await publishEvent(trx, 'goods.changed', { goodsId: id, siteId: Number(before.site_id), what });
      } else {
        const row = await trx
          .insertInto('goods')
          .values({ ...values, site_id: site.id, owner_user_id: null, sold_count: 0, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = row.id;
      }
      if (input.levelPrices) await repo.replaceLevelPrices(trx, site.id, id, input.levelPrices);
      if (input.wholesale) await repo.replaceWholesale(trx, site.id, id, input.wholesale);
      await writeAudit(ctx, trx, { id });
      return { id };
    });
  }

  return {
    /** The directory tree; a sub-site shows its own names and order and leaves out what it hid. */
    async getDirs(ctx: RequestContext): Promise<GoodsDir[]> {
      const own = ctx.site.depth > 0 ? (await siteRulesFor(db).of(ctx.site.id)).dirs : null;
      const dirs = siteDirs(await repo.dirs(db, shopOf(ctx.site), true), own);
      const top = dirs.filter((d) => d.parent_id === null);
      return top.map((d) => ({
        id: d.id,
        name: d.name,
        icon: d.icon,
        children: dirs.filter((c) => c.parent_id === d.id).map((c) => ({ id: c.id, name: c.name, icon: c.icon })),
      }));
    },

    async getBrands(ctx: RequestContext): Promise<Brand[]> {
      const rows = await repo.brands(db, ctx.site.id);
      return rows.map((b) => ({ id: b.id, dirId: b.dir_id, name: b.name, logo: b.logo }));
    },

    /** A page of goods as the buyer's level sees it; the serialised answer is cached per level. */
    async getList(ctx: RequestContext, input: GoodsListInput): Promise<JsonText<Paged<GoodsCard>>> {
      const [sale, sites] = await Promise.all([siteSale(db, ctx.site, actorId(ctx)), sellingSites(db, ctx.site)]);
      const hidden = hiddenGoods(sale);
      const shelf = shelfGoods(sale);
      // Pages are the platform's goods (and own goods of the chain's sites, decision 0018): sites that
      // sell the same sites' goods and hide the same goods (most: the platform's, none hidden) share them.
      const key = JSON.stringify([
        sites,
        hidden,
        shelf,
        input.dirId,
        input.brandId,
        input.type,
        input.keyword,
        input.hot,
        input.recommended,
        input.ids,
        input.sort,
        input.page,
        input.pageSize,
      ]);
      const answer = async () => {
        const page = await listPages.load(db, key, async () => {
          const { list, total } = await repo.goodsPage(
            db,
            {
              siteId: sale.shop,
              siteIds: sites,
              excludeIds: hidden,
              shelfIds: shelf,
              dirId: input.dirId,
              brandId: input.brandId,
              type: input.type,
              keyword: input.keyword,
              hot: input.hot,
              recommended: input.recommended,
              ids: input.ids,
              status: 'on_sale',
            },
            input.sort ?? 'default',
            input.page,
            input.pageSize,
          );
          return pageTemplate(list, total, await extrasOf(db, sale.shop, list, cardCounts));
        });
        return new JsonText<Paged<GoodsCard>>(pageText(page, sale, input.page, input.pageSize));
      };
      // Sites that price alike (and hide the same goods: in `key`) share an answer.
      if (sale.chain)
        return siteListAnswers.load(db, `${salePriceKey(sale)}|${sale.levelId}|${sale.keepBp}|${key}`, answer);
      return listAnswers.load(db, `${sale.levelId}|${key}`, answer);
    },

    async getDetail(ctx: RequestContext, goodsId: number): Promise<GoodsDetail> {
      const goods = await findGoods(db, ctx.site, goodsId);
      const sale = await siteSale(db, ctx.site, actorId(ctx));
      if (goods.status === 'banned' || !sells(sale, goods)) throw businessError('GOODS_NOT_FOUND');
      const [card] = await cardsOf(db, sale, [goods], cardCounts);
      const userId = actorId(ctx);
      const favorite = userId ? (await repo.favoriteIds(db, userId)).some((f) => f.goods_id === goodsId) : false;
      return {
        ...card,
        images: parseJson<string[]>(goods.images, []),
        description: goods.description,
        rechargeTemplate: rechargeTemplateOf(goods),
        // Tiers are platform prices: a sub-site's buyers see its one price (decision 0009).
        wholesale: sale.chain
          ? []
          : (await repo.wholesale(db, goodsId)).map((t) => ({ minQuantity: t.min_quantity, price: t.price })),
        minQuantity: goods.min_quantity,
        maxQuantity: goods.max_quantity,
        multiple: goods.multiple,
        perUserLimit: goods.per_user_limit,
        visitorAllowed: goods.visitor_allowed === 1,
        contactType: goods.contact_type,
        allowRepeal: goods.allow_repeal === 1,
        favorite,
      };
    },

    /** /chajia: every level's price of each goods on sale. */
    async priceList(ctx: RequestContext, input: z.infer<typeof priceListInput>): Promise<PriceListAnswer> {
      const [sale, sites] = await Promise.all([siteSale(db, ctx.site, null), sellingSites(db, ctx.site)]);
      // A sub-site has one price for its buyers (its markup on its cost), not a price per level.
      const levels = sale.chain ? [{ id: 0, name: '本站价' }] : await repo.levels(db, sale.shop);
      const { list, total } = await repo.goodsPage(
        db,
        {
          siteId: sale.shop,
          siteIds: sites,
          excludeIds: hiddenGoods(sale),
          shelfIds: shelfGoods(sale),
          dirId: input.dirId,
          keyword: input.keyword,
          status: 'on_sale',
        },
        'default',
        input.page,
        input.pageSize,
      );
      const rules = await loadPriceRules(db, sale.shop, list);
      return {
        levels: levels.map((l) => ({ id: l.id, name: l.name })),
        list: list.map((g) => {
          const r = rules.get(g.id)!;
          const priceAt = (levelId: number) =>
            sale.chain ? saleQuote(sale, r, g, 1).unitPrice : quote(r, levelId, 1).unitPrice;
          return {
            id: g.id,
            name: g.name,
            type: g.type,
            faceValue: g.face_value,
            prices: levels.map((l) => ({ levelId: l.id, price: priceAt(l.id) })),
            wholesale: sale.chain ? [] : r.tiers,
          };
        }),
        total,
        page: input.page,
        pageSize: input.pageSize,
      };
    },

    async favorites(ctx: ActorContext): Promise<GoodsCard[]> {
      const ids = (await repo.favoriteIds(db, ctx.actor.id)).map((f) => f.goods_id);
      const sale = await siteSale(db, ctx.site, ctx.actor.id);
      const goods = (await repo.goodsByIds(db, sale.chainIds, ids)).filter((g) => sells(sale, g));
      const cards = await cardsOf(db, sale, goods, cardCounts);
      const byId = new Map(cards.map((c) => [c.id, c]));
      return ids.map((id) => byId.get(id)).filter((c): c is GoodsCard => Boolean(c));
    },
    async addFavorite(ctx: ActorContext, goodsId: number) {
      await findGoods(db, ctx.site, goodsId);
      await repo.addFavorite(db, ctx.actor.id, goodsId);
    },
    async removeFavorite(ctx: ActorContext, goodsId: number) {
      await repo.removeFavorite(db, ctx.actor.id, goodsId);
    },

    async goodsLogs(ctx: ActorContext, page: number, pageSize: number): Promise<Paged<GoodsLogEntry>> {
      return mapPage(await repo.logsFor(db, ctx.actor.id, page, pageSize, goodsBoughtBy), (l) => ({
        id: l.id,
        goodsId: l.goods_id,
        goodsName: l.name,
        kind: l.kind,
        before: l.before_value,
        after: l.after_value,
        createdAt: formatDateTime(l.created_at, config.timeZone),
      }));
    },

    // ---------- admin ----------

    async adminDirs(ctx: RequestContext): Promise<AdminDir[]> {
      return (await repo.dirs(db, ctx.site.id, false)).map((d) => ({
        id: d.id,
        parentId: d.parent_id,
        name: d.name,
        icon: d.icon,
        sort: d.sort,
        visible: d.visible === 1,
      }));
    },
    async saveDir(ctx: RequestContext, input: z.infer<typeof dirSaveInput>) {
      const now = Date.now();
      if (input.parentId) {
        const parent = await repo.dir(db, ctx.site.id, input.parentId);
        if (!parent) throw businessError('DIR_NOT_FOUND');
        if (parent.parent_id !== null || parent.id === input.id) throw businessError('DIR_TOO_DEEP');
      }
      const values = {
        parent_id: input.parentId ?? null,
        name: input.name,
        icon: input.icon ?? '',
        sort: input.sort,
        visible: input.visible ?? 1,
        updated_at: now,
      };
      if (input.id) {
        const dir = await repo.dir(db, ctx.site.id, input.id);
        if (!dir) throw businessError('DIR_NOT_FOUND');
        if (
          input.parentId &&
          (await db.selectFrom('goods_dirs').select('id').where('parent_id', '=', input.id).executeTakeFirst())
        ) {
          throw businessError('DIR_TOO_DEEP');
        }
        await db.transaction().execute(async (trx) => {
          await trx.updateTable('goods_dirs').set(values).where('id', '=', input.id!).execute();
          await writeAudit(ctx, trx);
        });
        return { id: input.id };
      }
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('goods_dirs')
          .values({ ...values, site_id: ctx.site.id, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeAudit(ctx, trx, { id: row.id });
        return row;
      });
    },
    async deleteDir(ctx: RequestContext, id: number) {
      if (!(await repo.dir(db, ctx.site.id, id))) throw businessError('DIR_NOT_FOUND');
      if (await repo.dirInUse(db, id)) throw businessError('DIR_NOT_EMPTY');
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('brands').set({ dir_id: null }).where('dir_id', '=', id).execute();
        await trx.deleteFrom('goods_dirs').where('id', '=', id).execute();
        await writeAudit(ctx, trx);
      });
    },
    async saveBrand(ctx: RequestContext, input: z.infer<typeof brandSaveInput>) {
      if (input.dirId && !(await repo.dir(db, ctx.site.id, input.dirId))) throw businessError('DIR_NOT_FOUND');
      const values = { dir_id: input.dirId ?? null, name: input.name, logo: input.logo ?? '', sort: input.sort };
      if (input.id) {
        if (!(await repo.brand(db, ctx.site.id, input.id))) throw businessError('BRAND_NOT_FOUND');
        await db.transaction().execute(async (trx) => {
          await trx.updateTable('brands').set(values).where('id', '=', input.id!).execute();
          await writeAudit(ctx, trx);
        });
        return { id: input.id };
      }
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('brands')
          .values({ ...values, site_id: ctx.site.id, created_at: Date.now() })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeAudit(ctx, trx, { id: row.id });
        return row;
      });
    },
    levels: (ctx: RequestContext): Promise<Level[]> =>
      repo.levels(db, ctx.site.id).then((ls) =>
        ls.map((l) => ({
          id: l.id,
          name: l.name,
          sort: l.sort,
          isDefault: l.is_default === 1,
          price: l.price ? Number(l.price) : null,
          buyable: l.buyable === 1,
          description: l.description,
        })),
      ),
    saveGoods,
    async adminGoodsList(
      ctx: RequestContext,
      input: z.infer<typeof adminGoodsListInput>,
    ): Promise<Paged<AdminGoodsRow>> {
      const { list, total } = await repo.goodsPage(
        db,
        { siteId: ctx.site.id, dirId: input.dirId, type: input.type, status: input.status, keyword: input.keyword },
        'default',
        input.page,
        input.pageSize,
      );
      const stock = await stockOf(db, list, cardCounts);
      return {
        list: list.map((g) => ({
          id: g.id,
          dirId: g.dir_id,
          name: g.name,
          type: g.type,
          price: g.price,
          cost: g.cost,
          faceValue: g.face_value,
          stock: stock.get(g.id) ?? 0,
          soldCount: g.sold_count,
          status: g.status,
          sort: g.sort,
          ownerUserId: g.owner_user_id,
        })),
        total,
        page: input.page,
        pageSize: input.pageSize,
      };
    },
    async adminGoodsDetail(ctx: RequestContext, goodsId: number): Promise<AdminGoodsDetail> {
      const g = await findGoods(db, ctx.site, goodsId);
      return {
        id: g.id,
        dirId: g.dir_id,
        brandId: g.brand_id,
        name: g.name,
        images: parseJson<string[]>(g.images, []),
        description: g.description,
        type: g.type,
        faceValue: g.face_value,
        price: g.price,
        cost: g.cost,
        stock: g.stock,
        rechargeTemplate: rechargeTemplateOf(g),
        minQuantity: g.min_quantity,
        maxQuantity: g.max_quantity,
        multiple: g.multiple,
        perUserLimit: g.per_user_limit,
        visitorAllowed: g.visitor_allowed === 1,
        contactType: g.contact_type,
        status: g.status,
        sort: g.sort,
        hot: g.hot === 1,
        recommended: g.recommended === 1,
        loopCard: g.loop_card === 1,
        allowRepeal: g.allow_repeal === 1,
        levelPrices: (await repo.levelPrices(db, g.id)).map((p) => ({ levelId: p.level_id, price: p.price })),
        wholesale: (await repo.wholesale(db, g.id)).map((t) => ({ minQuantity: t.min_quantity, price: t.price })),
      };
    },
    async setGoodsStatus(ctx: RequestContext, ids: number[], status: GoodsRow['status']) {
      await db.transaction().execute(async (trx) => {
        const rows = await repo.goodsByIds(trx, ctx.site.id, ids);
        if (rows.length !== new Set(ids).size) throw businessError('GOODS_NOT_FOUND');
        if (status === 'on_sale') {
          const supplied = rows.filter((g) => g.owner_user_id !== null && g.status !== 'on_sale').map((g) => g.id);
          const held = await heldByReview(trx, supplied);
          if (held.length) {
            const names = rows.filter((g) => held.includes(g.id)).map((g) => g.name);
            throw businessError(
              'GOODS_AWAITING_REVIEW',
              `供货商的商品「${names.join('」「')}」还在等待审核，请先在「供货审核」中处理后再上架`,
              { ids: held },
            );
          }
        }
        const now = Date.now();
        for (const g of rows) {
          if (g.status === status) continue;
          await moveStatus(trx, goodsMachine, g.id, g.status, status, { updated_at: now });
          await repo.writeLog(trx, g.id, 'status', g.status, status, now);
          await publishEvent(trx, 'goods.changed', { goodsId: g.id, siteId: Number(g.site_id), what: 'status' });
        }
        await writeAudit(ctx, trx);
      });
      return { updated: ids.length };
    },
  };
}
export type CatalogService = ReturnType<typeof catalogService>;
