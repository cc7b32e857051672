import type { SiteRef } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';
import { LruMap } from '../../core/lru.js';
import type { PriceRule, Rounding, SiteRules } from './price-chain.js';

/** Sites whose rules one process keeps; a chain reads one entry per level. */
const RULES_MAX = 10_000;
const CUSTOMERS_MAX = 20_000;

export interface CustomerTerms {
  keepBp: number | null;
  disabled: boolean;
}

const NO_TERMS: CustomerTerms = { keepBp: null, disabled: false };

/**
 * One site's rules, rounding and shelf as the chain reads them, uncached (the store below caches
 * it; a shelf change inside a transaction reads it with the transaction). On a version with a goods
 * limit the shelf is the goods the owner put on it (decision 0019).
 */
export async function readSiteRules(db: Db, siteId: number): Promise<SiteRules> {
  const [site, rows, shelfRows, dirs] = await Promise.all([
    db
      .selectFrom('sites')
      .leftJoin('site_versions', 'site_versions.id', 'sites.version_id')
      .select(['sites.owner_user_id', 'sites.rounding', 'site_versions.max_goods'])
      .where('sites.id', '=', siteId)
      .executeTakeFirst(),
    db
      .selectFrom('site_price_rules')
      .select(['audience', 'scope', 'target_id', 'range_min', 'range_max', 'kind', 'value'])
      .where('site_id', '=', siteId)
      .orderBy('id')
      .execute(),
    db.selectFrom('site_goods').select(['goods_id', 'hidden']).where('site_id', '=', siteId).execute(),
    db.selectFrom('site_dirs').select(['dir_id', 'name', 'sort', 'hidden']).where('site_id', '=', siteId).execute(),
  ]);
  const toRule = (r: (typeof rows)[number]): PriceRule => ({
    scope: r.scope,
    targetId: r.target_id === null ? null : Number(r.target_id),
    rangeMin: r.range_min === null ? null : Number(r.range_min),
    rangeMax: r.range_max === null ? null : Number(r.range_max),
    kind: r.kind,
    value: Number(r.value),
  });
  const capped = Number(site?.max_goods ?? 0) > 0;
  return {
    siteId,
    ownerId: Number(site?.owner_user_id ?? 0),
    rounding: (site?.rounding ?? 'fen') as Rounding,
    buyer: rows.filter((r) => r.audience === 'buyer').map(toRule),
    child: rows.filter((r) => r.audience === 'child').map(toRule),
    hidden: new Set(shelfRows.filter((h) => h.hidden === 1).map((h) => Number(h.goods_id))),
    shelf: capped ? new Set(shelfRows.filter((h) => h.hidden === 0).map((h) => Number(h.goods_id))) : null,
    dirs: new Map(dirs.map((d) => [Number(d.dir_id), { name: d.name, sort: d.sort, hidden: d.hidden === 1 }])),
  };
}

/**
 * The price rules, rounding and shelf of each site, read once per process and kept in a bounded
 * LRU until an owner changes any of them (`clear`, run on every instance through the
 * 'site-rules' cache of CacheSync). Per-customer terms are kept the same way.
 */
export function siteRulesStore(db: Db) {
  const rules = new LruMap<number, SiteRules>(RULES_MAX);
  const customers = new LruMap<string, CustomerTerms>(CUSTOMERS_MAX);

  return {
    async of(siteId: number): Promise<SiteRules> {
      const hit = rules.get(siteId);
      if (hit) return hit;
      const loaded = await readSiteRules(db, siteId);
      rules.set(siteId, loaded);
      return loaded;
    },

    /** The rules of every sub-site of a site's chain, from the first under the platform down to it. */
    async chainOf(site: SiteRef): Promise<SiteRules[]> {
      return Promise.all(site.chain.slice(1).map((id) => this.of(id)));
    },

    /** A buyer's terms at a sub-site (special price, disabled); none for visitors and on the platform. */
    async customer(site: SiteRef, userId: number | null): Promise<CustomerTerms> {
      if (site.depth === 0 || userId === null) return NO_TERMS;
      const key = `${site.id}:${userId}`;
      const hit = customers.get(key);
      if (hit) return hit;
      const row = await db
        .selectFrom('site_customers')
        .select(['markup_keep_bp', 'disabled'])
        .where('site_id', '=', site.id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const terms = row ? { keepBp: row.markup_keep_bp, disabled: row.disabled === 1 } : NO_TERMS;
      customers.set(key, terms);
      return terms;
    },

    clear(): void {
      rules.clear();
      customers.clear();
    },
  };
}
export type SiteRulesStore = ReturnType<typeof siteRulesStore>;

const stores = new WeakMap<Db, SiteRulesStore>();

/** The one rules store of a database in this process (pricing reads it; owners' changes clear it). */
export function siteRulesFor(db: Db): SiteRulesStore {
  let store = stores.get(db);
  if (!store) stores.set(db, (store = siteRulesStore(db)));
  return store;
}
