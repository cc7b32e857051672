import { sql } from 'kysely';
import type { SiteRef } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';
import { prepared } from '../../core/db/prepared.js';
import { LruMap } from '../../core/lru.js';
import { PLATFORM_SITE_ID } from './sites.service.js';

/** How many paths and host names each process remembers (found or not); 10,000 sites fit. */
const RESOLVED_MAX = 20_000;

/** A path a sub-site may use: lower-case letters, digits and hyphens (decision 0009). */
export const SITE_PATH_PATTERN = /^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/;

type SiteRow = {
  id: number;
  title: string;
  depth: number;
  chain: string;
  owner_user_id: number | null;
  path: string | null;
  status: SiteRef['status'];
  /** Of the site's version (none: null). */
  level_id: number | null;
  decoration: number | null;
};

/** The site with its version's level and decoration, in one read. */
function sitesWithVersion(db: Db) {
  return db
    .selectFrom('sites')
    .leftJoin('site_versions', 'site_versions.id', 'sites.version_id')
    .select([
      'sites.id',
      'sites.title',
      'sites.depth',
      'sites.chain',
      'sites.owner_user_id',
      'sites.path',
      'sites.status',
      'site_versions.level_id',
      'site_versions.decoration',
    ]);
}

// Each site's first visit reads these (10,000 sites visited in turn): built once, only re-bound.
const siteByPath = prepared((db: Db, path: string) => sitesWithVersion(db).where('sites.path', '=', path));
const rootLevel = prepared((db: Db, rootId: number) =>
  db
    .selectFrom('sites')
    .leftJoin('site_versions', 'site_versions.id', 'sites.version_id')
    .select('site_versions.level_id')
    .where('sites.id', '=', rootId),
);

function chainOf(text: string): number[] {
  return text.split('/').map(Number);
}

/**
 * Request → site, once per request (decision 0009): by host name (a verified own domain or a
 * subdomain of the platform's), else by the first path segment. Both lookups go through a bounded
 * LRU that also remembers misses, so a site costs one read per process (two below the first level)
 * until something about sites changes; `clear` runs on every instance then (the 'site' cache of
 * CacheSync). Requests that reach an unseen site at once share its read.
 */
export function siteResolver(db: Db, platform: () => SiteRef) {
  const byPath = new LruMap<string, SiteRef | null>(RESOLVED_MAX);
  const byHost = new LruMap<string, SiteRef | null>(RESOLVED_MAX);
  const loading = new Map<string, Promise<SiteRef | null>>();
  /** Bumped by `clear`: a read that began before a change does not fill the cache. */
  let generation = 0;

  const sites = () => sitesWithVersion(db);

  async function refOf(row: SiteRow | undefined): Promise<SiteRef | null> {
    if (!row) return null;
    if (row.id === PLATFORM_SITE_ID) return platform();
    const chain = chainOf(row.chain);
    // The chain starts at the platform price of the first sub-site's version level: a first-level
    // site is its own chain's first, a deeper one reads its root's.
    const rootId = chain[1] ?? row.id;
    const rootLevelId = rootId === row.id ? row.level_id : ((await rootLevel.first(db, rootId))?.level_id ?? null);
    return {
      id: row.id,
      title: row.title,
      depth: row.depth,
      chain,
      ownerId: row.owner_user_id,
      path: row.path,
      status: row.status,
      rootLevelId,
      // A version without decoration (or a site moved to one) keeps its published layout but does not show it.
      decorated: row.decoration === 1,
    };
  }

  /** Through the LRU, sharing a read under way. */
  function cached(
    map: LruMap<string, SiteRef | null>,
    key: string,
    read: () => Promise<SiteRow | undefined>,
  ): Promise<SiteRef | null> {
    const hit = map.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    const flight = `${map === byPath ? 'p' : 'h'}:${key}`;
    let pending = loading.get(flight);
    if (!pending) {
      const started = generation;
      const done = () => {
        if (loading.get(flight) === pending) loading.delete(flight);
      };
      pending = read()
        .then(refOf)
        .then(
          (ref) => {
            done();
            if (started === generation) map.set(key, ref);
            return ref;
          },
          (err: unknown) => {
            done();
            throw err;
          },
        );
      loading.set(flight, pending);
    }
    return pending;
  }

  return {
    /** The site whose path is `path`, or null. */
    byPath(path: string): Promise<SiteRef | null> {
      const key = path.toLowerCase();
      return cached(byPath, key, () => siteByPath.first(db, key));
    },

    /** The site a verified host name belongs to, or null (the platform's own hosts included). */
    byHost(host: string): Promise<SiteRef | null> {
      return cached(byHost, host, () =>
        sites()
          .innerJoin('site_domains', 'site_domains.site_id', 'sites.id')
          .where('site_domains.host', '=', host)
          .where('site_domains.verified_at', 'is not', null)
          .executeTakeFirst(),
      );
    },

    /** A site by id (the owner's back office names its own site). */
    async byId(id: number): Promise<SiteRef | null> {
      if (id === PLATFORM_SITE_ID) return platform();
      return refOf(await sites().where('sites.id', '=', id).executeTakeFirst());
    },

    clear(): void {
      generation++;
      loading.clear();
      byPath.clear();
      byHost.clear();
    },
  };
}
export type SiteResolver = ReturnType<typeof siteResolver>;

/** The host name of a request without the port, lower-case; '' when absent. */
export function hostName(header: string | undefined): string {
  if (!header) return '';
  const h = header.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  const colon = h.indexOf(':');
  return colon === -1 ? h : h.slice(0, colon);
}

/** Hosts that are certainly the platform: loopback and bare IP addresses. */
function isAddress(host: string): boolean {
  return host === 'localhost' || host.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(host);
}

/**
 * The site of a user-area request: the path the URL rewrite found, else the host name, else the
 * platform. A path that names no site is null (the call answers SITE_NOT_FOUND); an unknown host
 * is the platform (a proxy may use any name for it).
 */
export async function siteOfRequest(
  req: { raw: { kapuSitePath?: string }; headers: { host?: string } },
  resolver: SiteResolver,
  platform: () => SiteRef,
): Promise<SiteRef | null> {
  const path = req.raw.kapuSitePath;
  if (path) return resolver.byPath(path);
  const host = hostName(req.headers.host);
  if (!host || isAddress(host)) return platform();
  return (await resolver.byHost(host)) ?? platform();
}

/** The id of the site a member owns, as a scalar subquery over the outer `users` row (their access codes). */
export function ownedSiteOfMember(db: Db) {
  return db
    .selectFrom('sites')
    .select('sites.id')
    .where('sites.owner_user_id', '=', sql.ref<number>('users.id'))
    .limit(1);
}
