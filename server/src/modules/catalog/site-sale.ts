import type { SiteRef } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import {
  chainPriceKey,
  chainQuote,
  hiddenInChain,
  siteRulesFor,
  type ChainQuote,
  type SiteRules,
} from '../sites/index.js';
import { buyerLevel, quote, type PriceRules, type Quote } from './pricing.js';

/**
 * How the current site sells the catalogue (decision 0009). Every site sells the platform's goods
 * (`shop` is the platform's site id); a sub-site prices them along its chain, from the platform's
 * price at its root level, and hides what any site of its chain took off the shelf.
 */
export interface SiteSale {
  shop: number;
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

/** The sale terms of a buyer (null: a visitor) at a site; a disabled customer is refused here. */
export async function siteSale(db: Db, site: SiteRef, userId: number | null): Promise<SiteSale> {
  const shop = shopOf(site);
  const platformLevel = () => buyerLevel(db, shop, userId);
  if (site.depth === 0) return { shop, levelId: await platformLevel(), chain: null, keepBp: null };
  const store = siteRulesFor(db);
  const [chain, terms] = await Promise.all([store.chainOf(site), store.customer(site, userId)]);
  if (terms.disabled) throw businessError('CUSTOMER_DISABLED');
  const levelId = site.rootLevelId ?? (await buyerLevel(db, shop, null));
  return { shop, levelId, chain, keepBp: terms.keepBp };
}

/** The platform's terms: its own catalogue at the buyer's level, no chain. */
export function platformSale(site: SiteRef, levelId: number): SiteSale {
  return { shop: shopOf(site), levelId, chain: null, keepBp: null };
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

/** Whether the site sells this goods (not hidden by any site of its chain). */
export function sells(sale: SiteSale, goodsId: number): boolean {
  return !sale.chain || !hiddenInChain(sale.chain, goodsId);
}

export interface SaleQuote extends Quote {
  /** The split along the chain (sub-sites only). */
  chain: ChainQuote | null;
}

/** The price at this site: the platform's quote at the sale's level, then the chain's markups. */
export function saleQuote(
  sale: SiteSale,
  rules: PriceRules,
  goods: { id: number; dir_id: number },
  quantity: number,
): SaleQuote {
  const base = quote(rules, sale.levelId, quantity);
  if (!sale.chain) return { ...base, chain: null };
  const chain = chainQuote(sale.chain, { id: goods.id, dirId: goods.dir_id }, base.unitPrice, sale.keepBp);
  return { ...base, unitPrice: chain.unitPrice, amount: chain.unitPrice * quantity, chain };
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
