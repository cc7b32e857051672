import {
  SITE_PERIODS,
  type SitePeriod,
  type SitePeriodPrices,
  type VersionMoneyRow,
  type versionMoneySaveInput,
  type z,
} from '@kapu/contract';
import { writeAudit } from '../../core/calls.js';
import type { RequestContext } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import { basePrices, versionsOnSale, type VersionRow } from './versions.js';
import { PLATFORM_SITE_ID } from './sites.service.js';

/**
 * What a version costs along the tree (decision 0009, the versions part of the price chain): the
 * platform sells at the version's own prices; every site sells to its children at the price it
 * set (`site_version_prices`), else at what it pays itself. A set price never sells below the
 * site's cost: a cost that rose above it sells at the cost (margin 0).
 */

/**
 * Prices down a chain for one period: `base` is the platform's price (null: not sold), then one
 * entry per site below it with the price it set (null: none). Answers the price each link sells
 * at, platform first, or null when the period is not sold.
 */
export function chainPrices(base: number | null, set: readonly (number | null)[]): number[] | null {
  if (base === null) return null;
  const prices = [base];
  for (const own of set) {
    const cost = prices[prices.length - 1];
    prices.push(own === null ? cost : Math.max(own, cost));
  }
  return prices;
}

/** Each site's margin below the platform: what it sells at minus what it pays (prices from chainPrices). */
export function chainMargins(prices: readonly number[]): number[] {
  return prices.slice(1).map((p, i) => p - prices[i]);
}

/**
 * The margins of a purchase that paid `paid` of the list price `price` (an upgrade pays less by
 * its credit): each margin × paid / price, floored; the platform keeps what the floors leave.
 */
export function scaledMargins(margins: readonly number[], paid: number, price: number): number[] {
  if (paid >= price) return [...margins];
  if (price <= 0 || paid <= 0) return margins.map(() => 0);
  return margins.map((m) => Number((BigInt(m) * BigInt(paid)) / BigInt(price)));
}

/** A site's place in the tree: its chain of ids, platform first ("1/5/9"). */
export function chainIds(chain: string): number[] {
  return chain.split('/').map(Number);
}

/** The sites of a chain below the platform with their owners, in chain order. */
export async function chainSites(db: Db, ids: readonly number[]) {
  const below = ids.filter((id) => id !== PLATFORM_SITE_ID);
  if (below.length === 0) return [];
  const rows = await db.selectFrom('sites').select(['id', 'owner_user_id', 'depth']).where('id', 'in', below).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return below.map((id) => byId.get(id)).filter((r): r is NonNullable<typeof r> => r !== undefined);
}

/** The prices each site of the chain set for a version (null where it set none), in chain order below the platform. */
async function setPrices(db: Db, below: readonly number[], versionId: number): Promise<SitePeriodPrices[]> {
  if (below.length === 0) return [];
  const rows = await db
    .selectFrom('site_version_prices')
    .select(['site_id', 'price_month', 'price_year', 'price_forever'])
    .where('version_id', '=', versionId)
    .where('site_id', 'in', [...below])
    .execute();
  const bySite = new Map(rows.map((r) => [Number(r.site_id), basePrices(r)]));
  return below.map((id) => bySite.get(id) ?? { month: null, year: null, forever: null });
}

/** One version's prices per period at each link of a chain (platform first), or null per unsold period. */
export async function versionChain(
  db: Db,
  version: Pick<VersionRow, 'id' | 'price_month' | 'price_year' | 'price_forever'>,
  chain: readonly number[],
): Promise<Record<SitePeriod, number[] | null>> {
  const below = chain.filter((id) => id !== PLATFORM_SITE_ID);
  const set = await setPrices(db, below, version.id);
  const base = basePrices(version);
  const out = {} as Record<SitePeriod, number[] | null>;
  for (const p of SITE_PERIODS)
    out[p] = chainPrices(
      base[p],
      set.map((s) => s[p]),
    );
  return out;
}

/** What a child of the chain's last site pays for each period (the last link's selling price). */
export function sellingPrices(links: Record<SitePeriod, number[] | null>): SitePeriodPrices {
  const last = (p: SitePeriod) => links[p]?.at(-1) ?? null;
  return { month: last('month'), year: last('year'), forever: last('forever') };
}

/** vipVersionMoney: the owner's prices for their children, next to what each version costs them. */
export function versionMoney(db: Db) {
  return {
    async list(site: { id: number; chain: string }): Promise<VersionMoneyRow[]> {
      const chain = chainIds(site.chain);
      const rows: VersionMoneyRow[] = [];
      for (const v of await versionsOnSale(db)) {
        const links = await versionChain(db, v, chain);
        const cost = {} as SitePeriodPrices;
        const price = {} as SitePeriodPrices;
        for (const p of SITE_PERIODS) {
          const l = links[p];
          cost[p] = l ? l[l.length - 2] : null;
          price[p] = l ? l[l.length - 1] : null;
        }
        const own = await db
          .selectFrom('site_version_prices')
          .select('id')
          .where('site_id', '=', site.id)
          .where('version_id', '=', v.id)
          .executeTakeFirst();
        rows.push({ versionId: v.id, name: v.name, cost, price, custom: own !== undefined });
      }
      return rows;
    },

    /** Saves the owner's prices of one version; blank periods sell at cost; a price below cost is refused. */
    async save(
      ctx: RequestContext,
      site: { id: number; chain: string },
      input: z.output<typeof versionMoneySaveInput>,
    ): Promise<void> {
      const version = (await versionsOnSale(db)).find((v) => v.id === input.versionId);
      if (!version) throw businessError('SITE_VERSION_NOT_FOUND');
      const links = await versionChain(db, version, chainIds(site.chain));
      const given: SitePeriodPrices = {
        month: input.priceMonth ?? null,
        year: input.priceYear ?? null,
        forever: input.priceForever ?? null,
      };
      for (const p of SITE_PERIODS) {
        const l = links[p];
        const price = given[p];
        if (price === null) continue;
        // A period the platform does not sell has no cost: there is nothing to price.
        if (!l) given[p] = null;
        else if (price < l[l.length - 2]) throw businessError('SITE_PRICE_BELOW_COST');
      }
      const now = Date.now();
      const values = {
        price_month: given.month,
        price_year: given.year,
        price_forever: given.forever,
        updated_at: now,
      };
      await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('site_version_prices')
          .select(['price_month', 'price_year', 'price_forever'])
          .where('site_id', '=', site.id)
          .where('version_id', '=', version.id)
          .executeTakeFirst();
        await trx
          .insertInto('site_version_prices')
          .values({ site_id: site.id, version_id: version.id, ...values })
          .onConflict((oc) => oc.columns(['site_id', 'version_id']).doUpdateSet(values))
          .execute();
        await writeAudit(ctx, trx, {
          siteId: site.id,
          target: `siteVersion:${version.id}`,
          before: before ?? null,
          after: {
            version: version.name,
            price_month: given.month,
            price_year: given.year,
            price_forever: given.forever,
          },
        });
      });
    },
  };
}
