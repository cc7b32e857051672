import type { SiteRef } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import {
  chainQuote,
  hiddenInChain,
  shelfOfChain,
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

/** Goods the chain took off its shelf, for list filters. */
export function hiddenGoods(sale: SiteSale): number[] {
  if (!sale.chain) return [];
  return [...new Set(sale.chain.flatMap((s) => [...s.hidden]))];
}

/**
 * The only goods a site may list when a site of its chain is on a capped version (the
 * intersection of their opt-in shelves, decision 0019); null: no limit but the hidden goods.
 */
export function shelfGoods(sale: SiteSale): number[] | null {
  return sale.chain ? shelfOfChain(sale.chain) : null;
}

/** Whether the site sells this goods (not hidden by any site of its chain, on every capped shelf of it). */
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
