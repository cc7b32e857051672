import type { SiteRef } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';
import { prepared } from '../../core/db/prepared.js';
import { LruMap } from '../../core/lru.js';
import type { PriceRule, Rounding, SiteRules } from './price-chain.js';

/**
 * Sites whose rules one process keeps (a chain reads one entry per level), bounded by bytes: a site
 * has a rule or two and hides nothing, or thousands of goods rules. 16 MB hold 20,000 ordinary sites.
 */
const RULES_MAX = 50_000;
const RULES_BYTES = 16 << 20;
const CUSTOMERS_MAX = 20_000;

/** Roughly what a site's rules take in the heap. */
function rulesBytes(r: SiteRules): number {
  return 400 + 120 * (r.buyer.length + r.child.length + r.dirs.size) + 40 * (r.hidden.size + (r.shelf?.size ?? 0));
}

export interface CustomerTerms {
  keepBp: number | null;
  disabled: boolean;
}

const NO_TERMS: CustomerTerms = { keepBp: null, disabled: false };
/** Shared by the sites that have none (10,000 sites' rules are kept at once): read-only. */
const NO_RULES: readonly PriceRule[] = Object.freeze([]);
const NO_GOODS: ReadonlySet<number> = new Set();
const NO_DIRS: SiteRules['dirs'] = new Map();
const orNone = (rules: PriceRule[]) => (rules.length ? rules : NO_RULES);

// A site's first visit reads these (10,000 sites visited in turn): built once, only re-bound.
const siteRow = prepared((db: Db, siteId: number) =>
  db
    .selectFrom('sites')
    .leftJoin('site_versions', 'site_versions.id', 'sites.version_id')
    .select(['sites.owner_user_id', 'sites.rounding', 'site_versions.max_goods'])
    .where('sites.id', '=', siteId),
);
const ruleRows = prepared((db: Db, siteId: number) =>
  db
    .selectFrom('site_price_rules')
    .select(['audience', 'scope', 'target_id', 'range_min', 'range_max', 'kind', 'value'])
    .where('site_id', '=', siteId)
    .orderBy('id'),
);
const shelfRows = prepared((db: Db, siteId: number) =>
  db.selectFrom('site_goods').select(['goods_id', 'hidden']).where('site_id', '=', siteId),
);
const dirRows = prepared((db: Db, siteId: number) =>
  db.selectFrom('site_dirs').select(['dir_id', 'name', 'sort', 'hidden']).where('site_id', '=', siteId),
);
const customerRow = prepared((db: Db, siteId: number, userId: number) =>
  db
    .selectFrom('site_customers')
    .select(['markup_keep_bp', 'disabled'])
    .where('site_id', '=', siteId)
    .where('user_id', '=', userId),
);

/**
 * One site's rules, rounding and shelf as the chain reads them, uncached (the store below caches
 * it; a shelf change inside a transaction reads it with the transaction). On a version with a goods
 * limit the shelf is the goods the owner put on it (decision 0019).
 */
export async function readSiteRules(db: Db, siteId: number): Promise<SiteRules> {
  const [site, rows, goods, dirs] = await Promise.all([
    siteRow.first(db, siteId),
    ruleRows.all(db, siteId),
    shelfRows.all(db, siteId),
    dirRows.all(db, siteId),
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
  const hidden = goods.filter((h) => h.hidden === 1);
  return {
    siteId,
    ownerId: Number(site?.owner_user_id ?? 0),
    rounding: (site?.rounding ?? 'fen') as Rounding,
    buyer: orNone(rows.filter((r) => r.audience === 'buyer').map(toRule)),
    child: orNone(rows.filter((r) => r.audience === 'child').map(toRule)),
    // Most sites hide nothing and keep the platform's directories: one shared empty set and map for them.
    hidden: hidden.length ? new Set(hidden.map((h) => Number(h.goods_id))) : NO_GOODS,
    shelf: capped ? new Set(goods.filter((h) => h.hidden === 0).map((h) => Number(h.goods_id))) : null,
    dirs: dirs.length
      ? new Map(dirs.map((d) => [Number(d.dir_id), { name: d.name, sort: d.sort, hidden: d.hidden === 1 }]))
      : NO_DIRS,
  };
}

/**
 * The price rules, rounding and shelf of each site, read once per process and kept in a bounded
 * LRU until an owner changes any of them (`clear`, run on every instance through the
 * 'site-rules' cache of CacheSync). Per-customer terms are kept the same way.
 */
export function siteRulesStore(db: Db) {
  const rules = new LruMap<number, SiteRules>(RULES_MAX, { maxBytes: RULES_BYTES, weigh: rulesBytes });
  /** Loads under way: the requests that reach a site at once read its rules once. */
  const loading = new Map<number, Promise<SiteRules>>();
  /** Bumped by `clear`: a load that began before a change does not fill the cache. */
  let generation = 0;
  const customers = new LruMap<string, CustomerTerms>(CUSTOMERS_MAX);

  return {
    of(siteId: number): Promise<SiteRules> {
      const hit = rules.get(siteId);
      if (hit) return Promise.resolve(hit);
      let pending = loading.get(siteId);
      if (!pending) {
        const started = generation;
        pending = readSiteRules(db, siteId).then(
          (loaded) => {
            if (loading.get(siteId) === pending) loading.delete(siteId);
            if (started === generation) rules.set(siteId, loaded);
            return loaded;
          },
          (err: unknown) => {
            if (loading.get(siteId) === pending) loading.delete(siteId);
            throw err;
          },
        );
        loading.set(siteId, pending);
      }
      return pending;
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
      const row = await customerRow.first(db, site.id, userId);
      const terms = row ? { keepBp: row.markup_keep_bp, disabled: row.disabled === 1 } : NO_TERMS;
      customers.set(key, terms);
      return terms;
    },

    clear(): void {
      generation++;
      loading.clear();
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
