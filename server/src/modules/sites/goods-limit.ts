import type { Db } from '../../core/db/connect.js';
import { publishEvent } from '../../core/events.js';
import { readSiteRules } from './site-rules.js';
import { hiddenAbove, shelfAbove, within, type ShelfCatalog } from './seller.js';

/**
 * The goods limit of a site's version (decision 0019). On a version with `max_goods` > 0 the
 * shelf is opt-in: a site sells only the goods it put on its shelf (`site_goods` rows with
 * hidden = 0), at most `max_goods` of them; on an uncapped version it sells its parent's whole
 * catalogue but what it hid (the default shelf). Moving a site between the two is done here.
 */

export interface ShelfPlan {
  /** Picks that stay on the shelf. */
  keep: number[];
  /** Picks beyond the limit, taken off. */
  remove: number[];
  /** Goods put on to fill the shelf up to the limit (seeding). */
  add: number[];
}

/**
 * Which goods a capped shelf keeps: the owner's picks in the catalogue's order, the first `cap`
 * of them; when seeding, the first goods of the parent's catalogue (`fill`, in its order) fill
 * the rest. Pure.
 */
export function planShelf(picksInOrder: readonly number[], cap: number, fill: readonly number[] = []): ShelfPlan {
  if (cap <= 0) return { keep: [...picksInOrder], remove: [], add: [] };
  const keep = picksInOrder.slice(0, cap);
  const kept = new Set(keep);
  const add = fill.filter((id) => !kept.has(id)).slice(0, cap - keep.length);
  return { keep, remove: picksInOrder.slice(cap), add };
}

/** The Chinese refusal when putting goods on would pass the limit (null: within it). */
export function limitRefusal(cap: number, shownBefore: number, shownAfter: number): string | null {
  if (cap <= 0 || shownAfter <= cap) return null;
  const room = Math.max(0, cap - shownBefore);
  return (
    `已上架 ${shownBefore} / 上限 ${cap}：当前版本最多上架 ${cap} 件商品，` +
    (room > 0 ? `还可上架 ${room} 件（本次上架后为 ${shownAfter} 件）` : '已无法再上架') +
    '，请先下架部分商品或升级版本'
  );
}

/**
 * Brings one site's shelf in line with a goods limit, in the caller's transaction:
 * - `seed` (a site that was not capped: opened on a capped version, moved to one, or migrated):
 *   the owner's explicit picks first, then the parent's catalogue in its order, up to `cap`;
 *   the shelf is never empty while the parent sells something;
 * - otherwise (a smaller limit): the first `cap` picks in the catalogue's order stay, the rest
 *   are taken off and the owner is told (event `site.shelfTrimmed`, a message in their back office).
 * A limit of 0 changes nothing: the default shelf returns by itself (hidden goods stay hidden).
 */
export async function conformShelf(
  trx: Db,
  catalog: ShelfCatalog,
  siteId: number,
  cap: number,
  seed: boolean,
): Promise<ShelfPlan> {
  if (cap <= 0) return { keep: [], remove: [], add: [] };
  const site = await trx
    .selectFrom('sites')
    .select(['chain', 'owner_user_id', 'title'])
    .where('id', '=', siteId)
    .executeTakeFirstOrThrow();
  const chain = site.chain.split('/').map(Number);
  const ancestors = await Promise.all(chain.slice(1, -1).map((id) => readSiteRules(trx, id)));
  const above = hiddenAbove({ ancestors });
  const allowed = shelfAbove({ ancestors });
  const rows = await trx
    .selectFrom('site_goods')
    .select(['goods_id', 'hidden'])
    .where('site_id', '=', siteId)
    .execute();
  const hidden = rows.filter((r) => r.hidden === 1).map((r) => Number(r.goods_id));
  const picks = rows.filter((r) => r.hidden === 0).map((r) => Number(r.goods_id));
  const excludeIds = [...new Set([...above, ...hidden])];
  const ordered = picks.length
    ? await catalog.orderedIds(trx, { excludeIds, onlyIds: within(picks, allowed), limit: picks.length })
    : [];
  const fill =
    seed && ordered.length < cap
      ? await catalog.orderedIds(trx, {
          excludeIds: [...excludeIds, ...ordered],
          onlyIds: allowed === null ? undefined : [...allowed],
          limit: cap - ordered.length,
        })
      : [];
  const plan = planShelf(ordered, cap, fill);
  const keep = new Set(plan.keep);
  // Seeding: rows "shown" on the default shelf that are not kept meant nothing there; trimming:
  // only the picks beyond the limit go (a pick the platform paused keeps its place).
  const drop = seed ? picks.filter((id) => !keep.has(id)) : plan.remove;
  if (drop.length)
    await trx.deleteFrom('site_goods').where('site_id', '=', siteId).where('goods_id', 'in', drop).execute();
  if (plan.add.length) {
    const now = Date.now();
    await trx
      .insertInto('site_goods')
      .values(
        plan.add.map((id) => ({ site_id: siteId, goods_id: id, hidden: 0 as const, sort: null, updated_at: now })),
      )
      .onConflict((oc) => oc.columns(['site_id', 'goods_id']).doUpdateSet({ hidden: 0, updated_at: now }))
      .execute();
  }
  if (!seed && plan.remove.length && site.owner_user_id !== null)
    await publishEvent(trx, 'site.shelfTrimmed', {
      siteId,
      ownerId: Number(site.owner_user_id),
      title: site.title,
      maxGoods: cap,
      removed: plan.remove.length,
    });
  return plan;
}

/**
 * Every site on a version whose limit changed from `from` to `to` (the admin edited the version),
 * parents before children so a child is trimmed to what its parent keeps.
 */
export async function conformVersionSites(
  trx: Db,
  catalog: ShelfCatalog,
  versionId: number,
  from: number,
  to: number,
): Promise<number> {
  if (to <= 0 || (from > 0 && to >= from)) return 0;
  const sites = await trx
    .selectFrom('sites')
    .select('id')
    .where('version_id', '=', versionId)
    .orderBy('depth')
    .orderBy('id')
    .execute();
  for (const s of sites) await conformShelf(trx, catalog, s.id, to, from <= 0);
  return sites.length;
}

/** A site moving from one version to another (opening, upgrading): the shelf follows the new limit. */
export async function conformOnMove(
  trx: Db,
  catalog: ShelfCatalog,
  siteId: number,
  from: number | null,
  to: number,
): Promise<ShelfPlan> {
  const was = from ?? 0;
  if (to <= 0 || (was > 0 && to >= was)) return { keep: [], remove: [], add: [] };
  return conformShelf(trx, catalog, siteId, to, was <= 0);
}
