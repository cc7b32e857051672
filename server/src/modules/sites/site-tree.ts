import { sql } from 'kysely';
import type { Paged } from '@kapu/contract';
import type { Db } from '../../core/db/connect.js';
import { fetchPage } from '../../core/paging.js';
import type { CustomerTerms } from './site-rules.js';
import type { SitesTable } from './tables.js';

/** A site as its owner's back office heads it. */
export interface SiteHeader {
  id: number;
  title: string;
  path: string | null;
  status: SitesTable['status'];
  depth: number;
  expiresAt: number | null;
  versionName: string;
}

/** A site with its version's name (the owner's back office reads its own site with it). */
export async function siteHeader(db: Db, siteId: number): Promise<SiteHeader | undefined> {
  const row = await db
    .selectFrom('sites')
    .leftJoin('site_versions', 'site_versions.id', 'sites.version_id')
    .select([
      'sites.id',
      'sites.title',
      'sites.path',
      'sites.status',
      'sites.depth',
      'sites.expires_at',
      'site_versions.name as version_name',
    ])
    .where('sites.id', '=', siteId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    title: row.title,
    path: row.path,
    status: row.status,
    depth: Number(row.depth),
    expiresAt: row.expires_at === null ? null : Number(row.expires_at),
    versionName: row.version_name ?? '',
  };
}

export interface ChildSiteRow {
  id: number;
  title: string;
  path: string | null;
  ownerId: number | null;
  status: SitesTable['status'];
  expiresAt: number | null;
  createdAt: number;
  versionName: string;
  /** Sites whose parent is this one. */
  children: number;
}

/** The sites opened under `parentId`, newest first, by title or path; each with its own child count. */
export async function childSitesPage(
  db: Db,
  parentId: number,
  input: { keyword?: string; page: number; pageSize: number },
): Promise<Paged<ChildSiteRow>> {
  let q = db
    .selectFrom('sites')
    .leftJoin('site_versions', 'site_versions.id', 'sites.version_id')
    .where('sites.parent_id', '=', parentId);
  if (input.keyword) {
    const like = `%${input.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([eb('sites.title', 'like', like), eb('sites.path', 'like', like)]));
  }
  const page = await fetchPage(
    q
      .select([
        'sites.id',
        'sites.title',
        'sites.path',
        'sites.owner_user_id',
        'sites.status',
        'sites.expires_at',
        'sites.created_at',
        'site_versions.name as version_name',
      ])
      .select((eb) =>
        eb
          .selectFrom('sites as grand')
          .whereRef('grand.parent_id', '=', 'sites.id')
          .select(sql<string>`count(*)`.as('n'))
          .as('children'),
      )
      .orderBy('sites.id', 'desc'),
    input,
  );
  return {
    ...page,
    list: page.list.map((r) => ({
      id: r.id,
      title: r.title,
      path: r.path,
      ownerId: r.owner_user_id,
      status: r.status,
      expiresAt: r.expires_at === null ? null : Number(r.expires_at),
      createdAt: Number(r.created_at),
      versionName: r.version_name ?? '',
      children: Number(r.children ?? 0),
    })),
  };
}

/** How many sites were opened directly under `parentId`, as a count query (one-statement figures). */
export function childSitesCount(db: Db, parentId: number) {
  return db
    .selectFrom('sites')
    .where('parent_id', '=', parentId)
    .select(sql<string>`count(*)`.as('n'));
}

/**
 * Every site at or below each of the given children of `parentId`, with the child it hangs under
 * (`site_id` → `child_id`), as a subquery: a site's chain starts with its ancestors' chains, so
 * the sites below a child are those whose chain extends the child's.
 */
export function sitesUnderChildren(db: Db, parentId: number, childIds: readonly number[]) {
  return db
    .selectFrom('sites as child')
    .innerJoin('sites as below', (join) =>
      join.on((eb) =>
        eb.or([
          eb('below.id', '=', eb.ref('child.id')),
          eb('below.chain', 'like', sql<string>`${sql.ref('child.chain')} || '/%'`),
        ]),
      ),
    )
    .where('child.parent_id', '=', parentId)
    .where('child.id', 'in', childIds.length ? [...childIds] : [0])
    .select(['below.id as site_id', 'child.id as child_id']);
}

/** A site's terms for each of the given members (special price, disabled); members without terms are left out. */
export async function customerTermsOf(
  db: Db,
  siteId: number,
  userIds: readonly number[],
): Promise<Map<number, CustomerTerms>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('site_customers')
    .select(['user_id', 'markup_keep_bp', 'disabled'])
    .where('site_id', '=', siteId)
    .where('user_id', 'in', [...userIds])
    .execute();
  return new Map(
    rows.map((r) => [
      Number(r.user_id),
      { keepBp: r.markup_keep_bp === null ? null : Number(r.markup_keep_bp), disabled: r.disabled === 1 },
    ]),
  );
}

/**
 * Sets a site's terms for one member (one row per site and member): only what `patch` names
 * changes. The caller clears the pricing caches afterwards (CacheSync 'site-rules').
 */
export async function saveCustomerTerms(
  db: Db,
  siteId: number,
  userId: number,
  patch: { keepBp?: number | null; disabled?: boolean },
  now: number,
): Promise<void> {
  const set: { markup_keep_bp?: number | null; disabled?: 0 | 1; updated_at: number } = { updated_at: now };
  if (patch.keepBp !== undefined) set.markup_keep_bp = patch.keepBp;
  if (patch.disabled !== undefined) set.disabled = patch.disabled ? 1 : 0;
  await db
    .insertInto('site_customers')
    .values({
      site_id: siteId,
      user_id: userId,
      markup_keep_bp: patch.keepBp ?? null,
      disabled: patch.disabled ? 1 : 0,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['site_id', 'user_id']).doUpdateSet(set))
    .execute();
}

/** Which site each site purchase (open, renew, upgrade) bought (`id`, `site_id`), as a subquery. */
export function purchaseSitesTable(db: Db) {
  return db.selectFrom('site_purchases').select(['id', 'site_id']);
}
