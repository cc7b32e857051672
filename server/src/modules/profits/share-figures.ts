import { sql } from 'kysely';
import type { Db } from '../../core/db/connect.js';
import type { ProfitSharesTable } from './tables.js';

const DAY = 86_400_000;
const n = (v: unknown) => Number(v ?? 0);

/**
 * What a site's owner has earned from a share: its amount less what refunds took back, once the
 * order was delivered (frozen, released, or reversed in part after that). Pending shares are
 * not earned yet; void ones never will be.
 */
const EARNED = ['frozen', 'released', 'reversed'] as const;
const kept = sql<number>`profit_shares.amount - profit_shares.reversed_amount`;

/** A site's shares by where the money stands: pending, frozen, released (what is left of each), and all that refunds took back. */
export async function shareTotalsOfSite(db: Db, siteId: number) {
  const row = await db
    .selectFrom('profit_shares')
    .where('site_id', '=', siteId)
    .select([
      sql<string>`sum(case when status = 'pending' then ${kept} else 0 end)`.as('pending'),
      sql<string>`sum(case when status = 'frozen' then ${kept} else 0 end)`.as('frozen'),
      sql<string>`sum(case when status = 'released' then ${kept} else 0 end)`.as('released'),
      sql<string>`sum(reversed_amount)`.as('reversed'),
    ])
    .executeTakeFirstOrThrow();
  return { pending: n(row.pending), frozen: n(row.frozen), released: n(row.released), reversed: n(row.reversed) };
}

/**
 * A site's earned profit since each of the given starts, by delivery time (when a share was
 * earned), in one pass (conditional sums over the earliest start).
 */
export async function siteProfitSince<K extends string>(
  db: Db,
  siteId: number,
  starts: Record<K, number>,
): Promise<Record<K, number>> {
  const keys = Object.keys(starts) as K[];
  const earliest = Math.min(...keys.map((k) => starts[k]));
  const row = (await db
    .selectFrom('profit_shares')
    .where('site_id', '=', siteId)
    .where('status', 'in', EARNED)
    .where('frozen_at', '>=', earliest)
    .select(keys.map((k) => sql<string>`sum(case when frozen_at >= ${starts[k]} then ${kept} else 0 end)`.as(k)))
    .executeTakeFirstOrThrow()) as Record<string, unknown>;
  return Object.fromEntries(keys.map((k) => [k, n(row[k])])) as Record<K, number>;
}

/** A site's earned profit per day for `days` days from `from` (a local midnight), grouped in SQL. */
export async function siteProfitByDay(db: Db, siteId: number, from: number, days: number): Promise<number[]> {
  // Literals (computed integers), so PostgreSQL sees the same expression in SELECT and GROUP BY.
  const day = sql<number>`cast((frozen_at - ${sql.lit(from)}) / ${sql.lit(DAY)} as integer)`;
  const rows = await db
    .selectFrom('profit_shares')
    .where('site_id', '=', siteId)
    .where('status', 'in', EARNED)
    .where('frozen_at', '>=', from)
    .select([day.as('day'), sql<string>`sum(${kept})`.as('profit')])
    .groupBy(day)
    .execute();
  const byDay = new Map(rows.map((r) => [n(r.day), n(r.profit)]));
  return Array.from({ length: days }, (_, i) => byDay.get(i) ?? 0);
}

export interface SiteShare {
  amount: number;
  reversed: number;
  status: ProfitSharesTable['status'];
  frozenAt: number | null;
}

/** A site's share of each of the given orders (one per order at most: a site is one link of a chain). */
export async function sharesOfOrdersAtSite(
  db: Db,
  siteId: number,
  orderIds: readonly number[],
): Promise<Map<number, SiteShare>> {
  const found = new Map<number, SiteShare>();
  // Exports ask for up to 10,000 orders: in slices, well below every driver's parameter limit.
  for (let i = 0; i < orderIds.length; i += 1000) {
    const rows = await db
      .selectFrom('profit_shares')
      .select(['order_id', 'amount', 'reversed_amount', 'status', 'frozen_at'])
      .where('ref_type', '=', 'order')
      .where('site_id', '=', siteId)
      .where('order_id', 'in', orderIds.slice(i, i + 1000))
      .execute();
    for (const r of rows)
      found.set(Number(r.order_id), {
        amount: n(r.amount),
        reversed: n(r.reversed_amount),
        status: r.status,
        frozenAt: r.frozen_at === null ? null : n(r.frozen_at),
      });
  }
  return found;
}

/**
 * A site's earned shares of one kind (`order_id` = the order's or the site purchase's id, `kept`) as a
 * subquery, for owners that attribute them to where the order was placed or which site was bought.
 */
export function earnedSharesOfSite(db: Db, siteId: number, refType: 'order' | 'purchase') {
  return db
    .selectFrom('profit_shares')
    .where('ref_type', '=', refType)
    .where('site_id', '=', siteId)
    .where('status', 'in', EARNED)
    .select(['order_id', kept.as('kept')]);
}
