import {
  GoodsTypeLabels,
  SiteGoodsOriginLabels,
  type AppliedRule,
  type MarketPutOnInput,
  type SiteDirView,
  type SiteDirsSaveInput,
  type SiteGoodsListInput,
  type SiteGoodsPage,
  type SiteGoodsPreviewInput,
  type SiteGoodsRow,
} from '@kapu/contract';
import { writeAudit } from '../../core/calls.js';
import type { ActorContext } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import type { Deps } from '../../deps.js';
import { markUp, ruleFor } from './price-chain.js';
import { checkAgainstRules, costFor, replacedRule, ruleShape, rulesOf, withDraft } from './price-rules.js';
import { limitRefusal } from './goods-limit.js';
import { PLATFORM_SITE_ID } from './sites.service.js';
import {
  hiddenAbove,
  lockSite,
  ownHidden,
  ownRules,
  ownShelf,
  sellerOf,
  shelfAbove,
  within,
  type OwnRule,
  type Seller,
  type ShelfCatalog,
  type ShelfGoods,
} from './seller.js';

/**
 * An owner's shelf (decision 0009): the goods the parent sells, each with what the owner pays, the
 * price to buyers and to child sites and the margins; hiding and showing goods (the version's
 * `max_goods` caps what is shown); picking goods from the market with a markup; and the owner's
 * names, order and visibility of the platform's directories. Every change clears the rules cache
 * on every instance ('site-rules'): the storefront and the sites below follow at once.
 */

function applied(rule: OwnRule | undefined): AppliedRule | null {
  return rule ? { id: rule.id, scope: rule.scope, kind: rule.kind, value: rule.value } : null;
}

/** One goods priced for the owner: cost through the chain above, then the owner's own rules. */
export function priceRow(
  seller: Seller,
  rules: readonly OwnRule[],
  hidden: ReadonlySet<number>,
  g: ShelfGoods,
  preview?: { rules: readonly OwnRule[]; audience: 'buyer' | 'child' },
): SiteGoodsRow {
  const goods = { id: g.id, dirId: g.dirId };
  const cost = costFor(seller, g);
  const origin = g.siteId === seller.site.id ? 'own' : seller.chain[0] === g.siteId ? 'platform' : 'above';
  const buyer = rulesOf(rules, 'buyer');
  const child = rulesOf(rules, 'child');
  const price = markUp(buyer, seller.rounding, goods, cost);
  const childPrice = markUp(child, seller.rounding, goods, cost);
  let shown: SiteGoodsRow['preview'] = null;
  if (preview) {
    const p = markUp(rulesOf(preview.rules, preview.audience), seller.rounding, goods, cost);
    shown = { price: p, margin: p - cost };
  }
  return {
    id: g.id,
    name: g.name,
    origin,
    originText: SiteGoodsOriginLabels[origin],
    dirId: g.dirId,
    type: g.type,
    typeText: GoodsTypeLabels[g.type],
    faceValue: g.faceValue,
    retailPrice: g.retailPrice,
    cost,
    price,
    margin: price - cost,
    childPrice,
    childMargin: childPrice - cost,
    hidden: hidden.has(g.id),
    buyerRule: applied(ruleFor(buyer, goods, cost) as OwnRule | undefined),
    childRule: applied(ruleFor(child, goods, cost) as OwnRule | undefined),
    preview: shown,
  };
}

/** What a site's shelf is made of: what the parent sells, what it hid, and (capped) what it put on. */
interface ShelfState {
  /** Hidden by a site above: never sold here. */
  above: Set<number>;
  /** The intersection of the capped shelves above (null: none capped). */
  allowed: Set<number> | null;
  /** Hidden here. */
  mine: Set<number>;
  /** Put on the shelf here (rows not hidden); what a capped site sells. */
  picks: Set<number>;
  capped: boolean;
}

async function shelfState(conn: Db, seller: Seller): Promise<ShelfState> {
  const [mine, picks] = await Promise.all([ownHidden(conn, seller.site.id), ownShelf(conn, seller.site.id)]);
  return { above: hiddenAbove(seller), allowed: shelfAbove(seller), mine, picks, capped: seller.maxGoods > 0 };
}

/** Whether a goods the parent sells is on this site's shelf. */
function onShelf(state: ShelfState, id: number): boolean {
  return state.capped ? state.picks.has(id) && !state.mine.has(id) : !state.mine.has(id);
}

export function shelfService(deps: Deps, catalog: ShelfCatalog) {
  const { db, caches } = deps;

  /** The goods sold here: on sale, sold by the parent, and on the shelf (capped: put on; else: not hidden). */
  function shownCount(conn: Db, state: ShelfState): Promise<number> {
    if (state.capped)
      return catalog.countOnSale(conn, {
        excludeIds: [...state.above],
        onlyIds: within(
          [...state.picks].filter((id) => !state.mine.has(id)),
          state.allowed,
        ),
      });
    return catalog.countOnSale(conn, {
      excludeIds: [...new Set([...state.above, ...state.mine])],
      onlyIds: state.allowed === null ? undefined : [...state.allowed],
    });
  }

  async function page(
    ctx: ActorContext,
    input: SiteGoodsListInput,
    draft?: SiteGoodsPreviewInput,
  ): Promise<SiteGoodsPage> {
    const seller = await sellerOf(db, ctx.actor.id);
    const [rules, state] = await Promise.all([ownRules(db, seller.site.id), shelfState(db, seller)]);
    const preview = draft
      ? { rules: withDraft(rules, ruleShape(draft), draft.id), audience: draft.audience }
      : undefined;
    const base = {
      levelId: seller.rootLevelId,
      sites: seller.chain,
      dirId: input.dirId,
      keyword: input.keyword,
      page: input.page,
      pageSize: input.pageSize,
    };
    const above = [...state.above];
    const allowed = state.allowed === null ? undefined : [...state.allowed];
    // On a capped site the shelf is what the owner put on; else what the owner did not hide.
    const shownIds = state.capped
      ? within(
          [...state.picks].filter((id) => !state.mine.has(id)),
          state.allowed,
        )
      : null;
    const query =
      input.shelf === 'shown'
        ? shownIds !== null
          ? { ...base, excludeIds: above, onlyIds: shownIds }
          : { ...base, excludeIds: [...new Set([...above, ...state.mine])], onlyIds: allowed }
        : input.shelf === 'hidden'
          ? shownIds !== null
            ? { ...base, excludeIds: [...new Set([...above, ...shownIds])], onlyIds: allowed }
            : { ...base, excludeIds: above, onlyIds: within(state.mine, state.allowed) }
          : { ...base, excludeIds: above, onlyIds: allowed };
    const [goods, shown] = await Promise.all([
      query.onlyIds && query.onlyIds.length === 0
        ? { list: [], total: 0, page: input.page, pageSize: input.pageSize }
        : catalog.goodsPage(db, query),
      shownCount(db, state),
    ]);
    const off = new Set(goods.list.filter((g) => !onShelf(state, g.id)).map((g) => g.id));
    return {
      ...goods,
      list: goods.list.map((g) => priceRow(seller, rules, off, g, preview)),
      shown,
      maxGoods: seller.maxGoods,
    };
  }

  /**
   * Puts goods on the shelf or takes them off in one transaction; putting on is refused when the
   * version's limit would be passed (SITE_GOODS_LIMIT). Only goods the parent sells count (other
   * ids are skipped): a child sells only what its parent sells.
   */
  async function setHidden(
    trx: Db,
    seller: Seller,
    ids: readonly number[],
    hidden: 0 | 1,
  ): Promise<{ updated: number; changed: number[]; goods: ShelfGoods[]; before: number; after: number }> {
    const before = await shelfState(trx, seller);
    // Own goods of the chain's sites (decision 0018) are outside the capped shelves above (decision 0019).
    const goods = (await catalog.goodsByIds(trx, seller.rootLevelId, ids, seller.chain)).filter(
      (g) =>
        !before.above.has(g.id) &&
        (before.allowed === null || g.siteId !== PLATFORM_SITE_ID || before.allowed.has(g.id)),
    );
    const shownBefore = await shownCount(trx, before);
    if (goods.length === 0) return { updated: 0, changed: [], goods, before: shownBefore, after: shownBefore };
    const siteId = seller.site.id;
    const changing = goods.filter((g) => onShelf(before, g.id) === (hidden === 1));
    const now = Date.now();
    await trx
      .insertInto('site_goods')
      .values(goods.map((g) => ({ site_id: siteId, goods_id: g.id, hidden, sort: null, updated_at: now })))
      .onConflict((oc) => oc.columns(['site_id', 'goods_id']).doUpdateSet({ hidden, updated_at: now }))
      .execute();
    const shownAfter = changing.length === 0 ? shownBefore : await shownCount(trx, await shelfState(trx, seller));
    if (hidden === 0 && changing.length > 0) {
      const refusal = limitRefusal(seller.maxGoods, shownBefore, shownAfter);
      if (refusal) throw businessError('SITE_GOODS_LIMIT', refusal);
    }
    return {
      updated: changing.length,
      changed: changing.map((g) => g.id),
      goods,
      before: shownBefore,
      after: shownAfter,
    };
  }

  return {
    list: (ctx: ActorContext, input: SiteGoodsListInput) => page(ctx, input),

    /** The list as a draft rule would price it (the draft is checked like a save, but not saved). */
    preview: (ctx: ActorContext, input: SiteGoodsPreviewInput) => page(ctx, input, input),

    async setHidden(ctx: ActorContext, ids: number[], hidden: 0 | 1): Promise<{ updated: number }> {
      const seller = await sellerOf(db, ctx.actor.id);
      const siteId = seller.site.id;
      const out = await db.transaction().execute(async (trx) => {
        await lockSite(trx, siteId);
        const done = await setHidden(trx, seller, ids, hidden);
        if (done.updated > 0)
          await writeAudit(ctx, trx, {
            siteId,
            action: hidden ? 'siteOwner.goodsOff' : 'siteOwner.goodsOn',
            target: `goods:${done.changed.join(',')}`,
            before: { shown: done.before, maxGoods: seller.maxGoods },
            after: { ids: done.changed, shown: done.after },
          });
        return done;
      });
      await caches.changed('site-rules');
      return { updated: out.updated };
    },

    /** 选品上架: show the goods and, when a markup is given, set it as each one's buyer rule. */
    async putOn(ctx: ActorContext, input: MarketPutOnInput): Promise<{ shown: number; priced: number }> {
      const seller = await sellerOf(db, ctx.actor.id);
      const siteId = seller.site.id;
      const out = await db.transaction().execute(async (trx) => {
        await lockSite(trx, siteId);
        const { updated, changed, goods, before, after } = await setHidden(trx, seller, input.ids, 0);
        const markup = input.markup;
        if (goods.length > 0)
          await writeAudit(ctx, trx, {
            siteId,
            target: `goods:${goods.map((g) => g.id).join(',')}`,
            before: { shown: before, maxGoods: seller.maxGoods },
            after: { putOn: changed, shown: after, markup: markup ?? null },
          });
        if (!markup || goods.length === 0) return { shown: updated, priced: 0 };
        let rules = await ownRules(trx, siteId);
        const now = Date.now();
        const inserts = [];
        for (const g of goods) {
          const draft = ruleShape({ audience: 'buyer', scope: 'goods', targetId: g.id, ...markup });
          const replaced = replacedRule(rules, draft);
          if (replaced) {
            await trx
              .updateTable('site_price_rules')
              .set({ kind: draft.kind, value: draft.value })
              .where('id', '=', replaced.id)
              .where('site_id', '=', siteId)
              .execute();
            continue;
          }
          checkAgainstRules(rules, draft, undefined);
          rules = [...rules, { ...draft, id: -1 - inserts.length, createdAt: now }];
          inserts.push({
            site_id: siteId,
            audience: 'buyer' as const,
            scope: 'goods' as const,
            target_id: g.id,
            range_min: null,
            range_max: null,
            kind: draft.kind,
            value: draft.value,
            created_at: now,
          });
        }
        if (inserts.length) await trx.insertInto('site_price_rules').values(inserts).execute();
        return { shown: updated, priced: goods.length };
      });
      await caches.changed('site-rules');
      return out;
    },

    /** The platform's directories with this site's overrides. */
    async dirs(ctx: ActorContext): Promise<SiteDirView[]> {
      const seller = await sellerOf(db, ctx.actor.id);
      const [dirs, own] = await Promise.all([
        catalog.dirs(db),
        db
          .selectFrom('site_dirs')
          .select(['dir_id', 'name', 'sort', 'hidden'])
          .where('site_id', '=', seller.site.id)
          .execute(),
      ]);
      const byId = new Map(own.map((o) => [Number(o.dir_id), o]));
      return dirs.map((d) => {
        const o = byId.get(d.id);
        return {
          id: d.id,
          parentId: d.parentId,
          platformName: d.name,
          platformSort: d.sort,
          name: o?.name ?? null,
          sort: o?.sort ?? null,
          hidden: o?.hidden === 1,
        };
      });
    },

    /** Saves names, order and visibility; an entry equal to the platform's is removed instead. */
    async saveDirs(ctx: ActorContext, input: SiteDirsSaveInput): Promise<{ saved: number }> {
      const seller = await sellerOf(db, ctx.actor.id);
      const siteId = seller.site.id;
      const platform = new Map((await catalog.dirs(db)).map((d) => [d.id, d]));
      const missing = input.items.find((i) => !platform.has(i.dirId));
      if (missing) throw businessError('SITE_DIR_NOT_FOUND', `目录 ${missing.dirId} 不存在`);
      const now = Date.now();
      await db.transaction().execute(async (trx) => {
        const ids = input.items.map((i) => i.dirId);
        const before = await trx
          .selectFrom('site_dirs')
          .select(['dir_id', 'name', 'sort', 'hidden'])
          .where('site_id', '=', siteId)
          .where('dir_id', 'in', ids.length ? ids : [0])
          .execute();
        await writeAudit(ctx, trx, { siteId, target: `siteOwner:${siteId}`, before, after: input.items });
        for (const item of input.items) {
          const p = platform.get(item.dirId)!;
          const name = item.name && item.name !== p.name ? item.name : null;
          const sort = item.sort !== undefined && item.sort !== p.sort ? item.sort : null;
          if (name === null && sort === null && item.hidden === 0) {
            await trx.deleteFrom('site_dirs').where('site_id', '=', siteId).where('dir_id', '=', item.dirId).execute();
            continue;
          }
          await trx
            .insertInto('site_dirs')
            .values({ site_id: siteId, dir_id: item.dirId, name, sort, hidden: item.hidden, updated_at: now })
            .onConflict((oc) =>
              oc.columns(['site_id', 'dir_id']).doUpdateSet({ name, sort, hidden: item.hidden, updated_at: now }),
            )
            .execute();
        }
      });
      await caches.changed('site-rules');
      return { saved: input.items.length };
    },

    /** Back to the platform's directory: one, or all. */
    async resetDirs(ctx: ActorContext, dirId: number | undefined): Promise<{ reset: number }> {
      const seller = await sellerOf(db, ctx.actor.id);
      const siteId = seller.site.id;
      const reset = await db.transaction().execute(async (trx) => {
        let read = trx
          .selectFrom('site_dirs')
          .select(['dir_id', 'name', 'sort', 'hidden'])
          .where('site_id', '=', siteId);
        if (dirId !== undefined) read = read.where('dir_id', '=', dirId);
        const before = await read.execute();
        if (before.length === 0) return 0;
        let q = trx.deleteFrom('site_dirs').where('site_id', '=', siteId);
        if (dirId !== undefined) q = q.where('dir_id', '=', dirId);
        const res = await q.executeTakeFirst();
        await writeAudit(ctx, trx, { siteId, target: `siteOwner:${siteId}`, before, after: { dirId: dirId ?? null } });
        return Number(res.numDeletedRows);
      });
      await caches.changed('site-rules');
      return { reset };
    },
  };
}
