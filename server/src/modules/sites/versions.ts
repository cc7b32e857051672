import type {
  SiteFeatures,
  SitePeriod,
  SitePeriodPrices,
  SiteVersionView,
  siteVersionSaveInput,
  z,
} from '@kapu/contract';
import type { Selectable } from 'kysely';
import { writeAudit } from '../../core/calls.js';
import type { RequestContext } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { memberLevels } from '../catalog/index.js';
import { conformVersionSites } from './goods-limit.js';
import type { ShelfCatalog } from './seller.js';
import { PLATFORM_SITE_ID } from './sites.service.js';
import type { SiteVersionsTable } from './tables.js';

/**
 * Site versions (普及版 / 专业版 / 旗舰版…): what a sub-site may do, the platform's price per
 * period, and the member level its owner gets. The admin defines them; `sort` is the tier (an
 * upgrade goes to a higher one).
 */
export type VersionRow = Selectable<SiteVersionsTable>;

export function featuresOf(v: VersionRow): SiteFeatures {
  return {
    ownDomain: v.own_domain === 1,
    subdomain: v.subdomain === 1,
    maxChildren: v.max_children,
    maxGoods: v.max_goods,
    decoration: v.decoration === 1,
    ownPayment: v.own_payment === 1,
    openApi: v.open_api === 1,
  };
}

/** Nothing a site without a version may do (a site whose version was removed keeps serving, with no extras). */
export const NO_FEATURES: SiteFeatures = {
  ownDomain: false,
  subdomain: false,
  maxChildren: 0,
  maxGoods: 0,
  decoration: false,
  ownPayment: false,
  openApi: false,
};

/** The platform's prices of a version. */
export function basePrices(v: Pick<VersionRow, 'price_month' | 'price_year' | 'price_forever'>): SitePeriodPrices {
  return { month: v.price_month, year: v.price_year, forever: v.price_forever };
}

export function priceOfPeriod(prices: SitePeriodPrices, period: SitePeriod): number | null {
  return prices[period];
}

export function findVersion(db: Db, id: number): Promise<VersionRow | undefined> {
  return db.selectFrom('site_versions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Versions on sale, lowest tier first. */
export function versionsOnSale(db: Db): Promise<VersionRow[]> {
  return db.selectFrom('site_versions').selectAll().where('status', '=', 'on').orderBy('sort').orderBy('id').execute();
}

/** Names of member levels (catalog owns them), for version views. */
export async function levelNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom(memberLevels.namesTable(db))
    .select(['member_levels.id', 'member_levels.name'])
    .where('member_levels.id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

type VersionInput = z.output<typeof siteVersionSaveInput>;

/** The admin's calls on versions: list, save (create or update), delete (only when no site uses it). */
export function versionsAdmin(deps: Deps, catalog: ShelfCatalog) {
  const { db, config } = deps;

  function columns(input: VersionInput, now: number) {
    return {
      name: input.name,
      description: input.description,
      price_month: input.priceMonth ?? null,
      price_year: input.priceYear ?? null,
      price_forever: input.priceForever ?? null,
      level_id: input.levelId,
      own_domain: input.ownDomain,
      subdomain: input.subdomain,
      max_children: input.maxChildren,
      max_goods: input.maxGoods,
      decoration: input.decoration,
      own_payment: input.ownPayment,
      open_api: input.openApi,
      sort: input.sort,
      status: input.status,
      updated_at: now,
    };
  }

  return {
    async list(): Promise<SiteVersionView[]> {
      const rows = await db.selectFrom('site_versions').selectAll().orderBy('sort').orderBy('id').execute();
      const counts = await db
        .selectFrom('sites')
        .select((eb) => ['version_id', eb.fn.countAll<number | string>().as('n')])
        .where('version_id', 'is not', null)
        .groupBy('version_id')
        .execute();
      const used = new Map(counts.map((c) => [Number(c.version_id), Number(c.n)]));
      const names = await levelNames(
        db,
        rows.map((r) => r.level_id),
      );
      return rows.map((v) => ({
        id: v.id,
        name: v.name,
        description: v.description,
        prices: basePrices(v),
        levelId: v.level_id,
        levelName: names.get(v.level_id) ?? '（等级已删除）',
        features: featuresOf(v),
        sort: v.sort,
        status: v.status,
        siteCount: used.get(v.id) ?? 0,
        updatedAt: formatDateTime(v.updated_at, config.timeZone),
      }));
    },

    async save(ctx: RequestContext, input: VersionInput): Promise<{ id: number }> {
      // The owner's level is one of the platform's levels: the chain's cost starts from its prices.
      const level = await db
        .selectFrom(memberLevels.namesTable(db))
        .select('member_levels.site_id')
        .where('member_levels.id', '=', input.levelId)
        .executeTakeFirst();
      if (!level || Number(level.site_id) !== PLATFORM_SITE_ID) throw businessError('LEVEL_NOT_FOUND');
      const now = Date.now();
      const saved = await db.transaction().execute(async (trx) => {
        if (input.id === undefined) {
          const row = await trx
            .insertInto('site_versions')
            .values({ ...columns(input, now), created_at: now })
            .returning('id')
            .executeTakeFirstOrThrow();
          await writeAudit(ctx, trx, { id: row.id, target: `siteVersion:${row.id}` });
          return { id: row.id };
        }
        const before = await findVersion(trx, input.id);
        if (!before) throw businessError('SITE_VERSION_NOT_FOUND');
        await trx.updateTable('site_versions').set(columns(input, now)).where('id', '=', input.id).execute();
        // A new or lower goods limit applies to the version's sites now: their shelves are seeded
        // or trimmed in this transaction (decision 0019).
        const conformed = await conformVersionSites(trx, catalog, input.id, before.max_goods, input.maxGoods);
        await writeAudit(ctx, trx, {
          target: `siteVersion:${input.id}`,
          before,
          ...(conformed ? { after: { ...input, sitesConformed: conformed } } : {}),
        });
        return { id: input.id };
      });
      // Resolved sites carry their version's features and level; the shelves follow its goods limit.
      await deps.caches.changed('site');
      await deps.caches.changed('site-rules');
      return saved;
    },

    async remove(ctx: RequestContext, id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await findVersion(trx, id);
        if (!before) throw businessError('SITE_VERSION_NOT_FOUND');
        const inUse = await trx.selectFrom('sites').select('id').where('version_id', '=', id).executeTakeFirst();
        if (inUse) throw businessError('SITE_VERSION_IN_USE');
        await trx.deleteFrom('site_version_prices').where('version_id', '=', id).execute();
        await trx.deleteFrom('site_versions').where('id', '=', id).execute();
        await writeAudit(ctx, trx, { target: `siteVersion:${id}`, before });
      });
    },
  };
}
export type VersionsAdmin = ReturnType<typeof versionsAdmin>;
