import type { Db } from '../../core/db/connect.js';
import { ReadCache } from '../../core/db/read-cache.js';
import { LruMap } from '../../core/lru.js';
import { memberLevelIdQuery } from '../accounts/index.js';
import { saleQuote, type SaleQuote, type SiteSale } from './site-sale.js';

/** What decides a goods' price on one site: base price, per-level prices, wholesale tiers. */
export interface PriceRules {
  goodsId: number;
  basePrice: number;
  levelPrices: ReadonlyMap<number, number>;
  /** Sorted by minQuantity ascending. */
  tiers: ReadonlyArray<{ minQuantity: number; price: number }>;
}

export interface Quote {
  /** Fen per unit after the level price and the wholesale tier. */
  unitPrice: number;
  levelPrice: number;
  /** The tier's minimum quantity when a tier lowered the price. */
  tier: number | null;
  amount: number;
}

/**
 * The one pricing rule (issue 4): the level's own price, else the base price; then the best
 * wholesale tier the quantity reaches, when it is cheaper. On a sub-site the chain's markups
 * are applied after this, on the quote (site-sale.ts).
 */
export function quote(rules: PriceRules, levelId: number, quantity: number): Quote {
  const levelPrice = rules.levelPrices.get(levelId) ?? rules.basePrice;
  let unitPrice = levelPrice;
  let tier: number | null = null;
  for (const t of rules.tiers) {
    if (quantity >= t.minQuantity && t.price < unitPrice) {
      unitPrice = t.price;
      tier = t.minQuantity;
    }
  }
  return { unitPrice, levelPrice, tier, amount: unitPrice * quantity };
}

type Rows = { levelPrices: ReadonlyMap<number, number>; tiers: PriceRules['tiers'] };

/**
 * Per-level prices and tiers of goods recently read, per database, keyed by site and goods and
 * checked against the goods' `updated_at`: the only writer of both tables (saveGoods) moves
 * `updated_at` forward in the same transaction, so a goods row read now names exactly the
 * rules it was saved with — on any number of app processes. Entries of other versions are
 * simply replaced.
 */
const RULES_CACHE_MAX = 20_000;
const rulesCaches = new WeakMap<Db, LruMap<string, { updatedAt: number; rows: Rows }>>();

/** Loads the rules of several goods at once (lists show 20 goods with their prices). */
export async function loadPriceRules(
  db: Db,
  shop: number,
  goods: ReadonlyArray<{ id: number; price: number; updated_at?: number }>,
): Promise<Map<number, PriceRules>> {
  const out = new Map<number, PriceRules>();
  if (goods.length === 0) return out;
  let cache = rulesCaches.get(db);
  if (!cache) rulesCaches.set(db, (cache = new LruMap(RULES_CACHE_MAX)));
  const found = new Map<number, Rows>();
  const missing: number[] = [];
  for (const g of goods) {
    const hit = g.updated_at === undefined ? undefined : cache.get(`${shop}:${g.id}`);
    if (hit && hit.updatedAt === g.updated_at) found.set(g.id, hit.rows);
    else missing.push(g.id);
  }
  if (missing.length) {
    const [prices, tiers] = await Promise.all([
      db
        .selectFrom('goods_prices')
        .select(['goods_id', 'level_id', 'price'])
        .where('site_id', '=', shop)
        .where('goods_id', 'in', missing)
        .execute(),
      db
        .selectFrom('goods_wholesale')
        .select(['goods_id', 'min_quantity', 'price'])
        .where('site_id', '=', shop)
        .where('goods_id', 'in', missing)
        .orderBy('min_quantity')
        .execute(),
    ]);
    const loaded = new Map<
      number,
      { levelPrices: Map<number, number>; tiers: Array<{ minQuantity: number; price: number }> }
    >();
    for (const id of missing) loaded.set(id, { levelPrices: new Map(), tiers: [] });
    for (const p of prices) loaded.get(p.goods_id)!.levelPrices.set(p.level_id, p.price);
    for (const t of tiers) loaded.get(t.goods_id)!.tiers.push({ minQuantity: t.min_quantity, price: t.price });
    for (const g of goods) {
      const rows = loaded.get(g.id);
      if (!rows) continue;
      found.set(g.id, rows);
      if (g.updated_at !== undefined) cache.set(`${shop}:${g.id}`, { updatedAt: g.updated_at, rows });
    }
  }
  for (const g of goods) {
    const rows = found.get(g.id)!;
    out.set(g.id, { goodsId: g.id, basePrice: g.price, levelPrices: rows.levelPrices, tiers: rows.tiers });
  }
  return out;
}

const levels = new ReadCache<number>(10_000, ['users.level_id', 'member_levels']);

/** The level a buyer pays at: the member's level, or the site's default level for visitors (one query). */
export function buyerLevel(db: Db, shop: number, userId: number | null): Promise<number> {
  return levels.load(db, `${shop}:${userId ?? 0}`, () => readBuyerLevel(db, shop, userId));
}

async function readBuyerLevel(db: Db, shop: number, userId: number | null): Promise<number> {
  const siteDefault = db
    .selectFrom('member_levels')
    .select('id')
    .where('site_id', '=', shop)
    .orderBy('is_default', 'desc')
    .orderBy('sort')
    .limit(1);
  const row = await db
    .selectNoFrom((eb) =>
      (userId ? eb.fn.coalesce(memberLevelIdQuery(db, userId), siteDefault) : siteDefault).as('level_id'),
    )
    .executeTakeFirst();
  if (row?.level_id == null) throw new Error(`site ${shop} has no member level`);
  return Number(row.level_id);
}

/** priceFor(sale, goods, quantity): the unit price and amount a buyer is charged at the sale's site. */
export async function priceFor(
  db: Db,
  sale: SiteSale,
  goods: { id: number; price: number; dir_id: number; site_id: number },
  quantity: number,
): Promise<SaleQuote> {
  const rules = (await loadPriceRules(db, sale.shop, [goods])).get(goods.id)!;
  return saleQuote(sale, rules, goods, quantity);
}
