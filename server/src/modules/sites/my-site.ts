import { SitePeriodLabels, SiteStatusLabels, type MySiteView, type SitePeriod } from '@kapu/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { graceEndsAt } from './site-settings.js';
import type { SitesTable } from './tables.js';
import { featuresOf, findVersion, NO_FEATURES } from './versions.js';

export type SiteRow = Selectable<SitesTable>;
const DAY = 86_400_000;

/** The constraint and message of a unique violation (PostgreSQL 23505, SQLite's UNIQUE), or null for other errors. */
export function uniqueViolation(err: unknown): string | null {
  const e = err as { code?: string; message?: string; constraint?: string } | undefined;
  if (e?.code !== '23505' && !/UNIQUE constraint failed/i.test(e?.message ?? '')) return null;
  return `${e?.constraint ?? ''} ${e?.message ?? ''}`;
}

/** The site a member owns, if any (one per member). */
export function ownedSite(db: Db, userId: number): Promise<SiteRow | undefined> {
  return db.selectFrom('sites').selectAll().where('owner_user_id', '=', userId).executeTakeFirst();
}

/** The caller's own site; every /vip call acts on it and on nothing else (the tenant rule). */
export async function requireOwnedSite(db: Db, userId: number): Promise<SiteRow> {
  const site = await ownedSite(db, userId);
  if (!site) throw businessError('NOT_SITE_OWNER');
  return site;
}

/** The owner's id of a site as a scalar subquery (accounts adds it to a member's session: site owners get `vip`). */
export function ownedSiteIdQuery(db: Db, userId: number) {
  return db.selectFrom('sites').select('id').where('owner_user_id', '=', userId).limit(1);
}

/** Where a site is reached: `/{path}/` and its verified host names. */
export async function siteAddresses(db: Db, site: Pick<SiteRow, 'id' | 'path'>): Promise<string[]> {
  const hosts = await db
    .selectFrom('site_domains')
    .select('host')
    .where('site_id', '=', site.id)
    .where('verified_at', 'is not', null)
    .orderBy('id')
    .execute();
  return [...(site.path ? [`/${site.path}/`] : []), ...hosts.map((h) => h.host)];
}

/** The owner's view of their site: version, period, time left and grace, features, addresses. */
export async function mySiteView(deps: Pick<Deps, 'db' | 'config' | 'settings'>, site: SiteRow): Promise<MySiteView> {
  const { db, config, settings } = deps;
  const version = site.version_id === null ? undefined : await findVersion(db, site.version_id);
  const now = Date.now();
  const expires = site.expires_at;
  const graceEnd = expires === null ? null : graceEndsAt(settings, expires);
  const period = site.period as SitePeriod | null;
  return {
    id: site.id,
    title: site.title,
    path: site.path ?? '',
    status: site.status,
    statusText: SiteStatusLabels[site.status],
    versionId: site.version_id,
    versionName: version?.name ?? '',
    versionSort: version?.sort ?? -1,
    period,
    periodText: period ? SitePeriodLabels[period] : '',
    expiresAt: expires === null ? null : formatDateTime(expires, config.timeZone),
    expiresAtMs: expires,
    daysLeft: expires === null ? null : Math.max(0, Math.ceil((expires - now) / DAY)),
    inGrace: expires !== null && expires <= now && site.status !== 'expired' && graceEnd !== null && now < graceEnd,
    graceEndsAt: graceEnd === null ? null : formatDateTime(graceEnd, config.timeZone),
    paidPrice: site.paid_price ?? 0,
    features: version ? featuresOf(version) : NO_FEATURES,
    addresses: await siteAddresses(db, site),
    closedReason: site.closed_reason ?? '',
    createdAt: formatDateTime(site.created_at, config.timeZone),
  };
}
