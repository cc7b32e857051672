/**
 * The price chain of decision 0009, as arithmetic on integer fen: a cost goes in, each site's
 * most specific rule marks it up (never below it), the site's rounding goes up to the jiao or
 * yuan, and every link keeps `its price − its cost`. Pure; the rules come from site-rules.ts.
 */
import { createHash } from 'node:crypto';

export interface PriceRule {
  scope: 'global' | 'dir' | 'goods' | 'range';
  targetId: number | null;
  rangeMin: number | null;
  rangeMax: number | null;
  kind: 'percent' | 'fixed' | 'price';
  /** Basis points (percent) or fen (fixed, price). */
  value: number;
}

export type Rounding = 'fen' | 'jiao' | 'yuan';

/** One site's rules as the chain needs them. */
export interface SiteRules {
  siteId: number;
  ownerId: number;
  rounding: Rounding;
  buyer: readonly PriceRule[];
  child: readonly PriceRule[];
  /** Goods this site took off its shelf (its children cannot sell them either). */
  hidden: ReadonlySet<number>;
  /**
   * On a version with a goods limit the shelf is opt-in (decision 0019): only these goods are sold
   * here and below. null: the default shelf, every goods the parent sells but the hidden ones.
   */
  shelf: ReadonlySet<number> | null;
  /** The site's own names, order and visibility of the platform's directories. */
  dirs: ReadonlyMap<number, { name: string | null; sort: number | null; hidden: boolean }>;
}

export interface ChainLink {
  siteId: number;
  userId: number;
  /** 1 for the first sub-site under the platform. */
  depth: number;
  /** This link's margin per unit (fen, ≥ 0). */
  unitMargin: number;
}

export interface ChainQuote {
  /** What the buyer pays per unit. */
  unitPrice: number;
  /** What the platform receives per unit: the first sub-site's cost. */
  baseUnit: number;
  links: ChainLink[];
}

const SCOPE_ORDER = ['goods', 'dir', 'range', 'global'] as const;

/** The rule that applies to a goods at a cost: goods → directory → price range → global. */
export function ruleFor(
  rules: readonly PriceRule[],
  goods: { id: number; dirId: number },
  cost: number,
): PriceRule | undefined {
  for (const scope of SCOPE_ORDER) {
    const hit = rules.find((r) => {
      if (r.scope !== scope) return false;
      if (scope === 'goods') return r.targetId === goods.id;
      if (scope === 'dir') return r.targetId === goods.dirId;
      if (scope === 'range') return cost >= (r.rangeMin ?? 0) && (r.rangeMax === null || cost < r.rangeMax);
      return true;
    });
    if (hit) return hit;
  }
  return undefined;
}

const STEP: Record<Rounding, number> = { fen: 1, jiao: 10, yuan: 100 };

/** A price rounded up to the site's step. */
export function roundUp(price: number, rounding: Rounding): number {
  const step = STEP[rounding];
  return Math.ceil(price / step) * step;
}

/**
 * A site's unit price for a cost: the rule's markup (a percentage rounds up to the fen), then the
 * rounding; a set price is taken as it is, and a cost that rose above it sells at the cost.
 */
export function markUp(
  rules: readonly PriceRule[],
  rounding: Rounding,
  goods: { id: number; dirId: number },
  cost: number,
): number {
  const rule = ruleFor(rules, goods, cost);
  if (!rule) return cost;
  if (rule.kind === 'price') return Math.max(rule.value, cost);
  const raw = rule.kind === 'percent' ? cost + Math.ceil((cost * rule.value) / 10_000) : cost + rule.value;
  return Math.max(cost, roundUp(raw, rounding));
}

/**
 * The whole chain: `chain` is the sites from the first sub-site down to the selling one; each but
 * the last sells to the next at its `child` rules, the last to the buyer at its `buyer` rules. A
 * special customer (`keepBp`) pays only that share of the last site's markup (rounded down).
 */
export function chainQuote(
  chain: readonly SiteRules[],
  goods: { id: number; dirId: number },
  baseUnit: number,
  keepBp: number | null = null,
): ChainQuote {
  let cost = baseUnit;
  const links: ChainLink[] = [];
  chain.forEach((site, i) => {
    const last = i === chain.length - 1;
    let price = markUp(last ? site.buyer : site.child, site.rounding, goods, cost);
    if (last && keepBp !== null) price = cost + Math.floor(((price - cost) * keepBp) / 10_000);
    links.push({ siteId: site.siteId, userId: site.ownerId, depth: i + 1, unitMargin: price - cost });
    cost = price;
  });
  return { unitPrice: cost, baseUnit, links };
}

/**
 * A site's own goods (decision 0018): `chain` is the sites from the owning site down to the selling
 * one, `baseUnit` the goods' own price (the owner's). The chain runs as for the platform's goods, and
 * then the base moves into the owning site's link (`ownerDepth`: its depth under the platform): the platform receives nothing (baseUnit 0), the
 * owner's share is the whole base plus its margin, and Σ links = the unit price.
 */
export function ownGoodsQuote(
  chain: readonly SiteRules[],
  goods: { id: number; dirId: number },
  baseUnit: number,
  keepBp: number | null,
  ownerDepth: number,
): ChainQuote {
  const q = chainQuote(chain, goods, baseUnit, keepBp);
  if (q.links.length === 0) throw new Error('own goods need the owning site in the chain');
  // Depths stay the sites' own (1 = first under the platform), as the shares of platform goods carry them.
  const links = q.links.map((l, i) => ({
    ...l,
    depth: ownerDepth + i,
    unitMargin: i === 0 ? l.unitMargin + baseUnit : l.unitMargin,
  }));
  return { unitPrice: q.unitPrice, baseUnit: 0, links };
}

/** Per rules object (a new one is loaded after every change): [as the seller, as a link above it]. */
const linkKeys = new WeakMap<SiteRules, [string, string]>();
const digest = (value: unknown) => createHash('sha1').update(JSON.stringify(value)).digest('base64url').slice(0, 16);

/**
 * What of a chain decides its buyers' unit prices, as a short text: the selling site's buyer rules
 * and each site above it by its child rules, with their roundings. Chains with the same key quote
 * every goods alike (`chainQuote`'s unit price), so answers priced for one serve the others — among
 * 10,000 resellers most use one of a few markups. Which site earns what (the links) is not in it.
 */
export function chainPriceKey(chain: readonly SiteRules[]): string {
  return chain
    .map((site, i) => {
      let keys = linkKeys.get(site);
      if (!keys) {
        keys = [digest([site.rounding, site.buyer]), digest([site.rounding, site.child])];
        linkKeys.set(site, keys);
      }
      return keys[i === chain.length - 1 ? 0 : 1];
    })
    .join('>');
}

/**
 * Whether the chain does not sell the goods: a site of it took the goods off its shelf, or a site
 * on a capped version (decision 0019) never put it on its shelf. A child sells only what its parent sells.
 */
export function hiddenInChain(chain: readonly SiteRules[], goodsId: number): boolean {
  return chain.some((s) => s.hidden.has(goodsId) || (s.shelf !== null && !s.shelf.has(goodsId)));
}

/**
 * The goods a chain may sell at most when some of its sites are capped: the intersection of their
 * opt-in shelves (null when none is capped: the default shelf, limited only by what is hidden).
 */
export function shelfOfChain(chain: readonly SiteRules[]): number[] | null {
  const capped = chain.filter((s) => s.shelf !== null).map((s) => s.shelf as ReadonlySet<number>);
  if (capped.length === 0) return null;
  const [first, ...rest] = capped;
  return [...first!].filter((id) => rest.every((shelf) => shelf.has(id))).sort((a, b) => a - b);
}

/**
 * How a refund of `refund` fen out of `amount` reverses each share: its proportional part rounded
 * down (all of it on a full refund). What the rounding leaves stays with the platform.
 */
export function reversalOf(share: number, refund: number, amount: number): number {
  if (refund >= amount) return share;
  if (amount <= 0 || refund <= 0) return 0;
  // BigInt: share × refund can pass 2^53 for large orders.
  return Number((BigInt(share) * BigInt(refund)) / BigInt(amount));
}
