import type { SiteRef } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';

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
 * wholesale tier the quantity reaches, when it is cheaper. The sub-site chain's markup will
 * be applied after this, on the quote, by the sites module.
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

/** Loads the rules of several goods at once (lists show 20 goods with their prices). */
export async function loadPriceRules(db: Db, site: SiteRef, goods: ReadonlyArray<{ id: number; price: number }>): Promise<Map<number, PriceRules>> {
  const ids = goods.map((g) => g.id);
  const out = new Map<number, PriceRules>();
  if (ids.length === 0) return out;
  const [prices, tiers] = await Promise.all([
    db.selectFrom('goods_prices').select(['goods_id', 'level_id', 'price']).where('site_id', '=', site.id).where('goods_id', 'in', ids).execute(),
    db
      .selectFrom('goods_wholesale')
      .select(['goods_id', 'min_quantity', 'price'])
      .where('site_id', '=', site.id)
      .where('goods_id', 'in', ids)
      .orderBy('min_quantity')
      .execute(),
  ]);
  for (const g of goods) out.set(g.id, { goodsId: g.id, basePrice: g.price, levelPrices: new Map(), tiers: [] });
  for (const p of prices) (out.get(p.goods_id)!.levelPrices as Map<number, number>).set(p.level_id, p.price);
  for (const t of tiers) (out.get(t.goods_id)!.tiers as Array<{ minQuantity: number; price: number }>).push({ minQuantity: t.min_quantity, price: t.price });
  return out;
}

/** The level a buyer pays at: the member's level, or the site's default level for visitors. */
export async function buyerLevel(db: Db, site: SiteRef, userId: number | null): Promise<number> {
  if (userId) {
    const user = await db.selectFrom('users').select('level_id').where('id', '=', userId).executeTakeFirst();
    if (user) return user.level_id;
  }
  const level = await db
    .selectFrom('member_levels')
    .select('id')
    .where('site_id', '=', site.id)
    .orderBy('is_default', 'desc')
    .orderBy('sort')
    .executeTakeFirstOrThrow();
  return level.id;
}

/** priceFor(site, level, goods, quantity): the unit price and amount a buyer is charged. */
export async function priceFor(db: Db, site: SiteRef, levelId: number, goods: { id: number; price: number }, quantity: number): Promise<Quote> {
  const rules = (await loadPriceRules(db, site, [goods])).get(goods.id)!;
  return quote(rules, levelId, quantity);
}
