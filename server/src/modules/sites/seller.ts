import type { Paged, PriceAudience, SiteRounding } from '@kapu/contract';
import type { Db } from '../../core/db/connect.js';
import { dialectOf } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import { ownedSite, type OwnedSite } from './owned-site.js';
import { shelfOfChain, type PriceRule, type SiteRules } from './price-chain.js';
import { siteRulesFor } from './site-rules.js';

/**
 * What the owner's back office needs of the platform's catalogue (decision 0009: every site sells
 * the platform's goods). The catalog module implements it and app.ts passes it in, so sites does
 * not import catalog (catalog prices through sites). Every function takes the caller's connection.
 */
export interface ShelfCatalog {
  /** A page of the platform's goods on sale, priced at a platform level (null: the visitors' level). */
  goodsPage(db: Db, query: ShelfQuery): Promise<Paged<ShelfGoods>>;
  /** The platform's goods on sale among `ids` (with `sites`: those sites' goods too), priced the same way. */
  goodsByIds(db: Db, levelId: number | null, ids: readonly number[], sites?: readonly number[]): Promise<ShelfGoods[]>;
  /** How many platform goods are on sale, leaving out `excludeIds` and, with `onlyIds`, counting only those. */
  countOnSale(db: Db, filter: { excludeIds: readonly number[]; onlyIds?: readonly number[] }): Promise<number>;
  /**
   * Ids of the platform's goods on sale in the catalogue's order (sort, id), leaving out
   * `excludeIds`, only among `onlyIds` when given, at most `limit` (seeding and trimming a capped shelf).
   */
  orderedIds(
    db: Db,
    filter: { excludeIds: readonly number[]; onlyIds?: readonly number[]; limit: number },
  ): Promise<number[]>;
  /** The platform's visible directories (two levels). */
  dirs(db: Db): Promise<Array<{ id: number; parentId: number | null; name: string; sort: number }>>;
}

export interface ShelfQuery {
  levelId: number | null;
  /** The owner's chain (platform first): its sites' own goods are listed too (decision 0018). */
  sites?: readonly number[];
  excludeIds: readonly number[];
  /** Only these (the goods this site hid); absent: all. */
  onlyIds?: readonly number[];
  /** A directory and its children. */
  dirId?: number;
  keyword?: string;
  page: number;
  pageSize: number;
}

/** A platform goods (or a site's own, decision 0018) as the shelf prices it. */
export interface ShelfGoods {
  id: number;
  /** Whose goods: the platform's (1) or a site's own. */
  siteId: number;
  name: string;
  dirId: number;
  type: 'card' | 'recharge' | 'manual' | 'physical';
  faceValue: number;
  /** The platform's base price. */
  retailPrice: number;
  /** The platform's unit price at the level the chain starts from; a site's own goods: their own price. */
  platformPrice: number;
}

/** A rule of the owner's site with what the pages show besides the arithmetic. */
export interface OwnRule extends PriceRule {
  id: number;
  audience: PriceAudience;
  createdAt: number;
}

/** The owner's site as its selling needs it: the chain above it and what the chain starts from. */
export interface Seller {
  site: OwnedSite;
  /** Ids from the platform down to this site. */
  chain: number[];
  rounding: SiteRounding;
  /** The version's cap on shown goods (0: none). */
  maxGoods: number;
  /** The platform level the chain starts from (the first sub-site's version level). */
  rootLevelId: number | null;
  /** Rules and shelves of the sites above, from the first sub-site down to the parent (cached). */
  ancestors: SiteRules[];
}

/** The member's site, or NOT_SITE_OWNER: every owner call starts here (the tenant rule). */
export async function sellerOf(db: Db, userId: number): Promise<Seller> {
  const site = await ownedSite(db, userId);
  if (!site) throw businessError('NOT_SITE_OWNER');
  const row = await db
    .selectFrom('sites')
    .leftJoin('site_versions', 'site_versions.id', 'sites.version_id')
    .select([
      'sites.chain',
      'sites.rounding',
      'site_versions.max_goods as max_goods',
      'site_versions.level_id as level',
    ])
    .where('sites.id', '=', site.id)
    .executeTakeFirstOrThrow();
  const chain = row.chain.split('/').map(Number);
  let rootLevelId = row.level ?? null;
  if (chain.length > 2) {
    const first = await db
      .selectFrom('sites')
      .leftJoin('site_versions', 'site_versions.id', 'sites.version_id')
      .select('site_versions.level_id as level')
      .where('sites.id', '=', chain[1]!)
      .executeTakeFirst();
    rootLevelId = first?.level ?? null;
  }
  const store = siteRulesFor(db);
  const ancestors = await Promise.all(chain.slice(1, -1).map((id) => store.of(id)));
  return {
    site,
    chain,
    rounding: row.rounding ?? 'fen',
    maxGoods: Number(row.max_goods ?? 0),
    rootLevelId,
    ancestors,
  };
}

/** The owner's own rules, read fresh (their pages show a change at once), oldest first as the chain reads them. */
export async function ownRules(db: Db, siteId: number): Promise<OwnRule[]> {
  const rows = await db
    .selectFrom('site_price_rules')
    .select(['id', 'audience', 'scope', 'target_id', 'range_min', 'range_max', 'kind', 'value', 'created_at'])
    .where('site_id', '=', siteId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    audience: r.audience,
    scope: r.scope,
    targetId: r.target_id === null ? null : Number(r.target_id),
    rangeMin: r.range_min === null ? null : Number(r.range_min),
    rangeMax: r.range_max === null ? null : Number(r.range_max),
    kind: r.kind,
    value: Number(r.value),
    createdAt: Number(r.created_at),
  }));
}

/** Goods this site took off its shelf. */
export async function ownHidden(db: Db, siteId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('site_goods')
    .select('goods_id')
    .where('site_id', '=', siteId)
    .where('hidden', '=', 1)
    .execute();
  return new Set(rows.map((r) => Number(r.goods_id)));
}

/** Goods the site put on its shelf (rows not hidden): on a capped version, the only goods it sells (decision 0019). */
export async function ownShelf(db: Db, siteId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('site_goods')
    .select('goods_id')
    .where('site_id', '=', siteId)
    .where('hidden', '=', 0)
    .execute();
  return new Set(rows.map((r) => Number(r.goods_id)));
}

/** Goods the sites above took off their shelves: this site cannot sell them. */
export function hiddenAbove(seller: Pick<Seller, 'ancestors'>): Set<number> {
  return new Set(seller.ancestors.flatMap((s) => [...s.hidden]));
}

/** What the parent sells at most when a site above is capped (its shelf); null: no site above is capped. */
export function shelfAbove(seller: Pick<Seller, 'ancestors'>): Set<number> | null {
  const ids = shelfOfChain(seller.ancestors);
  return ids === null ? null : new Set(ids);
}

/** `ids` limited to `allowed` (null: no limit). */
export function within(ids: Iterable<number>, allowed: ReadonlySet<number> | null): number[] {
  return [...ids].filter((id) => allowed === null || allowed.has(id));
}

/**
 * Serialises an owner's writes to their rules and shelf on PostgreSQL (the row of their site), so
 * two tabs cannot both pass a count or overlap check; SQLite runs one writer at a time anyway.
 */
export async function lockSite(trx: Db, siteId: number): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return;
  await trx.selectFrom('sites').select('id').where('id', '=', siteId).forUpdate().execute();
}
