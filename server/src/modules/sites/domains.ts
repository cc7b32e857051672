import { Resolver } from 'node:dns/promises';
import type { SiteDomainView, SitePathView } from '@kapu/contract';
import { writeAudit } from '../../core/calls.js';
import type { ActorContext } from '../../core/context.js';
import { randomToken } from '../../core/crypto.js';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { requireOwnedSite, uniqueViolation, type SiteRow } from './my-site.js';
import type { ReservedPath } from './site-profile.js';
import { sitesSettings } from './site-settings.js';
import { featuresOf, findVersion } from './versions.js';

/** Domains per site (subdomains and own domains together). */
const MAX_DOMAINS = 5;
/** Subdomain labels the platform keeps for itself. */
const RESERVED_LABELS = new Set(['www', 'admin', 'api', 'mail', 'smtp', 'pop', 'imap', 'ftp', 'ns1', 'ns2', 'cdn']);

/** The TXT record that proves an own domain: `_kapu.<host>` = the domain's token. */
export const txtNameOf = (host: string) => `_kapu.${host}`;

/** True when `host` is a platform domain or under one (owners get those through the subdomain feature). */
export function underPlatform(host: string, platformDomains: readonly string[]): boolean {
  return platformDomains.some((d) => host === d || host.endsWith(`.${d}`));
}

/**
 * Reads the TXT values at `name` through the configured DNS servers (the system's when none);
 * an answer of nothing, an unknown name or a timeout are all "no record".
 */
export async function txtValues(name: string, servers: readonly string[]): Promise<string[]> {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers.length) resolver.setServers([...servers]);
  try {
    const records = await resolver.resolveTxt(name);
    return records.map((chunks) => chunks.join(''));
  } catch {
    return [];
  }
}

type DomainRow = {
  id: number;
  host: string;
  kind: 'subdomain' | 'custom';
  token: string;
  verified_at: number | null;
  checked_at: number | null;
};

/**
 * A site's host names (decision 0009): a subdomain of a platform domain (verified at once), or the
 * owner's own domain, verified when its `_kapu` TXT record carries the token. Host names are
 * unique across the platform. Every change reloads the resolver's cache on all instances.
 */
export function siteDomains(deps: Deps, reserved: ReservedPath) {
  const { db, config, settings } = deps;
  const at = (ms: number | null) => (ms === null ? null : formatDateTime(ms, config.timeZone));

  function view(d: DomainRow, cnameTarget: string): SiteDomainView {
    return {
      id: d.id,
      host: d.host,
      kind: d.kind,
      verified: d.verified_at !== null,
      verifiedAt: at(d.verified_at),
      checkedAt: at(d.checked_at),
      txtName: d.kind === 'custom' ? txtNameOf(d.host) : '',
      txtValue: d.kind === 'custom' ? d.token : '',
      cnameTarget: d.kind === 'custom' ? cnameTarget : '',
    };
  }

  function domainsOf(conn: Db, siteId: number): Promise<DomainRow[]> {
    return conn
      .selectFrom('site_domains')
      .select(['id', 'host', 'kind', 'token', 'verified_at', 'checked_at'])
      .where('site_id', '=', siteId)
      .orderBy('id')
      .execute();
  }

  async function features(site: SiteRow) {
    const version = site.version_id === null ? undefined : await findVersion(db, site.version_id);
    return version ? featuresOf(version) : { ownDomain: false, subdomain: false };
  }

  async function add(
    ctx: ActorContext,
    site: SiteRow,
    host: string,
    kind: 'subdomain' | 'custom',
  ): Promise<SiteDomainView> {
    if (site.status === 'suspended') throw businessError('SITE_SUSPENDED_BY_ADMIN');
    const now = Date.now();
    try {
      const row = await db.transaction().execute(async (trx) => {
        const count = (await domainsOf(trx, site.id)).length;
        if (count >= MAX_DOMAINS) throw businessError('SITE_DOMAIN_LIMIT');
        const taken = await trx.selectFrom('site_domains').select('id').where('host', '=', host).executeTakeFirst();
        if (taken) throw businessError('SITE_DOMAIN_TAKEN');
        const added = await trx
          .insertInto('site_domains')
          .values({
            site_id: site.id,
            host,
            kind,
            token: randomToken(16),
            verified_at: kind === 'subdomain' ? now : null,
            checked_at: kind === 'subdomain' ? now : null,
            created_at: now,
          })
          .returning(['id', 'host', 'kind', 'token', 'verified_at', 'checked_at'])
          .executeTakeFirstOrThrow();
        await writeAudit(ctx, trx, { siteId: site.id, target: `siteDomain:${added.id}`, after: { host, kind } });
        return added;
      });
      if (kind === 'subdomain') await deps.caches.changed('site');
      return view(row, sitesSettings(settings).platformDomains[0] ?? '');
    } catch (err) {
      if (uniqueViolation(err)) throw businessError('SITE_DOMAIN_TAKEN');
      throw err;
    }
  }

  async function mine(ctx: ActorContext, id: number): Promise<{ site: SiteRow; domain: DomainRow }> {
    const site = await requireOwnedSite(db, ctx.actor.id);
    const domain = (await domainsOf(db, site.id)).find((d) => d.id === id);
    if (!domain) throw businessError('SITE_DOMAIN_NOT_FOUND');
    return { site, domain };
  }

  return {
    /** pagePath: the path, the domains with the records to create, and what the version allows. */
    async pathView(ctx: ActorContext): Promise<SitePathView> {
      const site = await requireOwnedSite(db, ctx.actor.id);
      const { platformDomains } = sitesSettings(settings);
      const f = await features(site);
      return {
        path: site.path ?? '',
        domains: (await domainsOf(db, site.id)).map((d) => view(d, platformDomains[0] ?? '')),
        platformDomains,
        subdomainAllowed: f.subdomain,
        ownDomainAllowed: f.ownDomain,
      };
    },

    async addSubdomain(ctx: ActorContext, label: string, platformDomain: string): Promise<SiteDomainView> {
      const site = await requireOwnedSite(db, ctx.actor.id);
      if (!(await features(site)).subdomain) throw businessError('SITE_SUBDOMAIN_NOT_ALLOWED');
      if (!sitesSettings(settings).platformDomains.includes(platformDomain))
        throw businessError('SITE_PLATFORM_DOMAIN_UNKNOWN');
      if (RESERVED_LABELS.has(label) || reserved(label)) throw businessError('SITE_PATH_RESERVED');
      return add(ctx, site, `${label}.${platformDomain}`, 'subdomain');
    },

    async addDomain(ctx: ActorContext, host: string): Promise<SiteDomainView> {
      const site = await requireOwnedSite(db, ctx.actor.id);
      if (!(await features(site)).ownDomain) throw businessError('SITE_DOMAIN_NOT_ALLOWED');
      if (underPlatform(host, sitesSettings(settings).platformDomains)) throw businessError('SITE_DOMAIN_RESERVED');
      return add(ctx, site, host, 'custom');
    },

    /** 检测: the `_kapu.<host>` TXT record must carry the token; verified once it does. */
    async check(ctx: ActorContext, id: number): Promise<SiteDomainView> {
      const { domain } = await mine(ctx, id);
      const cname = sitesSettings(settings).platformDomains[0] ?? '';
      if (domain.verified_at !== null) return view(domain, cname);
      const now = Date.now();
      const found = (await txtValues(txtNameOf(domain.host), config.dnsServers)).includes(domain.token);
      await db
        .updateTable('site_domains')
        .set(found ? { verified_at: now, checked_at: now } : { checked_at: now })
        .where('id', '=', domain.id)
        .execute();
      if (!found) throw businessError('SITE_DOMAIN_CHECK_FAILED');
      await deps.caches.changed('site');
      return view({ ...domain, verified_at: now, checked_at: now }, cname);
    },

    async remove(ctx: ActorContext, id: number): Promise<void> {
      const { site, domain } = await mine(ctx, id);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('site_domains').where('id', '=', domain.id).execute();
        await writeAudit(ctx, trx, {
          siteId: site.id,
          target: `siteDomain:${domain.id}`,
          before: { host: domain.host, kind: domain.kind, verified: domain.verified_at !== null },
          after: null,
        });
      });
      await deps.caches.changed('site');
    },
  };
}
export type SiteDomains = ReturnType<typeof siteDomains>;
