import {
  SitePeriodLabels,
  SiteStatusLabels,
  type AdminSiteRow,
  type Paged,
  type SitesSettings,
  type adminSiteListInput,
  type z,
} from '@kapu/contract';
import { writeAudit } from '../../core/calls.js';
import type { RequestContext } from '../../core/context.js';
import { businessError } from '../../core/errors.js';
import { moveStatus } from '../../core/fsm.js';
import { fetchPage } from '../../core/paging.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { memberLabels, memberRefsTable } from '../accounts/index.js';
import { siteMachine } from './site-machine.js';
import { saveSitesSettings, sitesSettings } from './site-settings.js';
import { PLATFORM_SITE_ID } from './sites.service.js';

/** The admin's sites list (search by title, path, domain, owner), suspend/resume, domains and settings. */
export function adminSites(deps: Deps) {
  const { db, config, settings } = deps;
  const at = (ms: number | null) => (ms === null ? null : formatDateTime(ms, config.timeZone));

  async function site(id: number) {
    const row = await db.selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || row.id === PLATFORM_SITE_ID) throw businessError('NOT_FOUND');
    return row;
  }

  return {
    async list(input: z.output<typeof adminSiteListInput>): Promise<Paged<AdminSiteRow>> {
      let q = db
        .selectFrom('sites')
        .leftJoin('site_versions', 'site_versions.id', 'sites.version_id')
        .leftJoin('sites as parent', 'parent.id', 'sites.parent_id')
        .leftJoin(memberRefsTable(db, 'owner'), 'owner.id', 'sites.owner_user_id')
        .select([
          'sites.id',
          'sites.title',
          'sites.path',
          'sites.status',
          'sites.owner_user_id',
          'sites.period',
          'sites.expires_at',
          'sites.parent_id',
          'sites.depth',
          'sites.closed_reason',
          'sites.created_at',
          'site_versions.name as version_name',
          'parent.title as parent_title',
        ])
        .where('sites.id', '<>', PLATFORM_SITE_ID);
      if (input.status) q = q.where('sites.status', '=', input.status);
      const kw = input.keyword;
      if (kw) {
        // Wildcards people type match nothing special: they are left out of the pattern.
        const like = `%${kw.replace(/[%_\\]/g, '')}%`;
        q = q.where((eb) =>
          eb.or([
            eb('sites.title', 'like', like),
            eb('sites.path', '=', kw.toLowerCase()),
            eb('owner.user_no', '=', kw),
            eb('owner.login_name', '=', kw),
            eb(
              'sites.id',
              'in',
              eb
                .selectFrom('site_domains')
                .select('site_domains.site_id')
                .where('site_domains.host', '=', kw.toLowerCase()),
            ),
          ]),
        );
      }
      const page = await fetchPage(q.orderBy('sites.id', 'desc'), input);
      const ids = page.list.map((r) => r.id);
      const domains = ids.length
        ? await db
            .selectFrom('site_domains')
            .select(['id', 'site_id', 'host', 'kind', 'verified_at'])
            .where('site_id', 'in', ids)
            .orderBy('id')
            .execute()
        : [];
      const owners = await memberLabels(
        db,
        page.list.map((r) => r.owner_user_id),
      );
      return {
        ...page,
        list: page.list.map((r) => ({
          id: r.id,
          title: r.title,
          path: r.path ?? '',
          status: r.status,
          statusText: SiteStatusLabels[r.status],
          ownerId: r.owner_user_id,
          owner: r.owner_user_id === null ? null : (owners.get(r.owner_user_id) ?? null),
          versionName: r.version_name ?? '',
          periodText: r.period ? SitePeriodLabels[r.period] : '',
          expiresAt: at(r.expires_at),
          parentId: r.parent_id,
          parentTitle: r.parent_title ?? '',
          depth: r.depth,
          domains: domains
            .filter((d) => d.site_id === r.id)
            .map((d) => ({ id: d.id, host: d.host, kind: d.kind, verified: d.verified_at !== null })),
          closedReason: r.closed_reason ?? '',
          createdAt: formatDateTime(r.created_at, config.timeZone),
        })),
      };
    },

    /** Staff suspend an open or closed site (its storefront answers a clear code); audited. */
    async suspend(ctx: RequestContext, id: number, reason: string | undefined): Promise<void> {
      const before = await site(id);
      await db.transaction().execute(async (trx) => {
        const moved = await moveStatus(trx, siteMachine, id, ['active', 'closed'], 'suspended', {
          closed_reason: reason ?? '',
          updated_at: Date.now(),
        });
        if (!moved) throw businessError('CONFLICT');
        await writeAudit(ctx, trx, { target: `sites:${id}`, before: { status: before.status } });
      });
      await deps.caches.changed('site');
    },

    /** Staff resume a suspended site (it is open again; the expiry job expires it if its time ran out). */
    async resume(ctx: RequestContext, id: number): Promise<void> {
      const before = await site(id);
      await db.transaction().execute(async (trx) => {
        const moved = await moveStatus(trx, siteMachine, id, 'suspended', 'active', {
          closed_reason: null,
          updated_at: Date.now(),
        });
        if (!moved) throw businessError('CONFLICT');
        await writeAudit(ctx, trx, { target: `sites:${id}`, before: { status: before.status } });
      });
      await deps.caches.changed('site');
    },

    async removeDomain(ctx: RequestContext, id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('site_domains').selectAll().where('id', '=', id).executeTakeFirst();
        if (!before) throw businessError('SITE_DOMAIN_NOT_FOUND');
        await trx.deleteFrom('site_domains').where('id', '=', id).execute();
        await writeAudit(ctx, trx, {
          target: `siteDomain:${id}`,
          before: { siteId: before.site_id, host: before.host, kind: before.kind },
        });
      });
      await deps.caches.changed('site');
    },

    settings: (): SitesSettings => sitesSettings(settings),

    async saveSettings(ctx: RequestContext, value: SitesSettings): Promise<SitesSettings> {
      const before = sitesSettings(settings);
      await db.transaction().execute(async (trx) => {
        await saveSitesSettings(settings, trx, value);
        await writeAudit(ctx, trx, { target: 'setting:sites', before, after: value });
      });
      return value;
    },
  };
}
export type AdminSites = ReturnType<typeof adminSites>;
