import type { SiteRef } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import { withFields } from '../../core/objects.js';
import { ReadCache } from '../../core/db/read-cache.js';
import {
  chainPriceKey,
  chainQuote,
  hiddenInChain,
  ownGoodsQuote,
  shelfOfChain,
  siteRulesFor,
  type ChainQuote,
  type SiteRules,
} from '../sites/index.js';
import { buyerLevel, quote, type PriceRules, type Quote } from './pricing.js';

/**
 * How the current site sells the catalogue (decision 0009). Every site sells the platform's goods
 * (`shop` is the platform's site id); a sub-site prices them along its chain, from the platform's
 * price at its root level, and hides what any site of its chain took off the shelf. A sub-site also
 * sells the own goods of the sites of its chain (decision 0018), priced from the owning site down.
 */
export interface SiteSale {
  shop: number;
  /** Whose goods may be sold here: the site's chain, the platform first (decision 0018; lists ask `sellingSites`). */
  chainIds: readonly number[];
  /** The platform level prices start from: the buyer's own on the platform, the chain's root level on a sub-site. */
  levelId: number;
  /** The sub-sites of the chain, first under the platform down to this one; null on the platform. */
  chain: SiteRules[] | null;
  /** A special customer's share of the site's markup (basis points). */
  keepBp: number | null;
}

/** The platform's site id: the catalogue every site sells. */
export function shopOf(site: SiteRef): number {
  return site.chain[0]!;
}

/** Sites of a chain that own goods, kept until a goods is added or moves site (SQLite; PostgreSQL reads it). */
const goodsOwners = new ReadCache<number[]>(10_000, ['goods.site_id']);

/**
 * The sites whose goods a site lists: the platform, then those of its chain (below the platform) that
 * own goods. Lists filter on it, so sites whose chain owns nothing (most) keep sharing the platform's pages.
 */
export async function sellingSites(db: Db, site: SiteRef): Promise<number[]> {
  const shop = shopOf(site);
  const below = site.chain.slice(1);
  if (below.length === 0) return [shop];
  const owners = await goodsOwners.load(db, below.join('/'), async () => {
    const rows = await db
      .selectFrom('goods')
      .select('site_id')
      .where('site_id', 'in', below)
      .groupBy('site_id')
      .execute();
    const found = new Set(rows.map((r) => Number(r.site_id)));
    return below.filter((id) => found.has(id));
  });
  return [shop, ...owners];
}

/** The sale terms of a buyer (null: a visitor) at a site; a disabled customer is refused here. */
export async function siteSale(db: Db, site: SiteRef, userId: number | null): Promise<SiteSale> {
  const shop = shopOf(site);
  const platformLevel = () => buyerLevel(db, shop, userId);
  if (site.depth === 0)
    return { shop, chainIds: site.chain, levelId: await platformLevel(), chain: null, keepBp: null };
  const store = siteRulesFor(db);
  const [chain, terms] = await Promise.all([store.chainOf(site), store.customer(site, userId)]);
  if (terms.disabled) throw businessError('CUSTOMER_DISABLED');
  const levelId = site.rootLevelId ?? (await buyerLevel(db, shop, null));
  return { shop, chainIds: site.chain, levelId, chain, keepBp: terms.keepBp };
}

/** The platform's terms: its own catalogue at the buyer's level, no chain. */
export function platformSale(site: SiteRef, levelId: number): SiteSale {
  return { shop: shopOf(site), chainIds: site.chain, levelId, chain: null, keepBp: null };
}

/**
 * What list answers need of a chain, worked out once per chain of rules objects (a site's rules are
 * loaded anew after every change, so a changed chain is a miss): its hidden goods and its price key.
 */
interface ChainFacts {
  chain: readonly SiteRules[];
  hidden: readonly number[];
  priceKey: string;
}
const chainFacts = new WeakMap<SiteRules, ChainFacts>();
const NOTHING_HIDDEN: readonly number[] = Object.freeze([]);

function factsOf(chain: readonly SiteRules[]): ChainFacts {
  const seller = chain[chain.length - 1]!;
  const known = chainFacts.get(seller);
  if (known && known.chain.length === chain.length && known.chain.every((s, i) => s === chain[i])) return known;
  const facts: ChainFacts = {
    chain,
    hidden: Object.freeze([...new Set(chain.flatMap((s) => [...s.hidden]))]),
    priceKey: chainPriceKey(chain),
  };
  chainFacts.set(seller, facts);
  return facts;
}

/** Goods the chain took off its shelf, for list filters (shared: read-only). */
export function hiddenGoods(sale: SiteSale): readonly number[] {
  return sale.chain?.length ? factsOf(sale.chain).hidden : NOTHING_HIDDEN;
}

/** The chain's prices as a key (`chainPriceKey`); '' on the platform. */
export function salePriceKey(sale: SiteSale): string {
  return sale.chain?.length ? factsOf(sale.chain).priceKey : '';
}

/**
/**
 * The only platform goods a site may list when a site of its chain is on a capped version (the
 * intersection of their opt-in shelves, decision 0019); null: no limit but the hidden goods. Own goods
 * of the chain's sites (decision 0018) are outside the shelves: their owner lists them by their status.
 */
export function shelfGoods(sale: SiteSale): number[] | null {
  return sale.chain ? shelfOfChain(sale.chain) : null;
}

/**
 * Whether the site sells this goods: one of its chain's (the platform's, or a site's own above or at
 * it, decision 0018), not hidden by any site of its chain and, for the platform's goods, on every
 * capped shelf of it (decision 0019). A site's own goods answer only to the sites below their owner.
 */
export function sells(sale: SiteSale, goods: { id: number; site_id: number }): boolean {
  const owner = Number(goods.site_id);
  if (!sale.chainIds.includes(owner)) return false;
  if (!sale.chain) return true;
  if (owner === sale.shop) return !hiddenInChain(sale.chain, goods.id);
  const from = sale.chain.findIndex((s) => s.siteId === owner);
  return !sale.chain.slice(from).some((s) => s.hidden.has(goods.id));
}

export interface SaleQuote extends Quote {
  /** The split along the chain (sub-sites only). */
  chain: ChainQuote | null;
}

/**
 * The price at this site: the platform's quote at the sale's level, then the chain's markups. A site's
 * own goods (decision 0018) start from their own price at the owning site: the chain is sliced from it
 * and the whole base is the owner's (the platform takes nothing).
 */
export function saleQuote(
  sale: SiteSale,
  rules: PriceRules,
  goods: { id: number; dir_id: number; site_id: number },
  quantity: number,
): SaleQuote {
  const base = quote(rules, sale.levelId, quantity);
  const owner = Number(goods.site_id);
  if (owner !== sale.shop) {
    const from = sale.chain?.findIndex((s) => s.siteId === owner) ?? -1;
    // Only reached for goods `sells` accepted; a stray caller must not sell them at the platform's terms.
    if (from < 0) throw businessError('GOODS_NOT_FOUND');
    const own = withFields(base, { unitPrice: rules.basePrice, levelPrice: rules.basePrice, tier: null });
    const chain = ownGoodsQuote(
      sale.chain!.slice(from),
      { id: goods.id, dirId: goods.dir_id },
      own.unitPrice,
      sale.keepBp,
      from + 1,
    );
    return withFields(own, { unitPrice: chain.unitPrice, amount: chain.unitPrice * quantity, chain });
  }
  if (!sale.chain) return withFields(base, { chain: null });
  const chain = chainQuote(sale.chain, { id: goods.id, dirId: goods.dir_id }, base.unitPrice, sale.keepBp);
  return withFields(base, { unitPrice: chain.unitPrice, amount: chain.unitPrice * quantity, chain });
}

/** The platform's directories as a sub-site shows them: its names, its order, without what it hid. */
export function siteDirs<T extends { id: number; name: string; sort: number }>(
  dirs: T[],
  own: SiteRules['dirs'] | null,
): T[] {
  if (!own || own.size === 0) return dirs;
  return dirs
    .filter((d) => !own.get(d.id)?.hidden)
    .map((d) => {
      const o = own.get(d.id);
      return o ? { ...d, name: o.name ?? d.name, sort: o.sort ?? d.sort } : d;
    })
    .sort((a, b) => a.sort - b.sort || a.id - b.id);
}
