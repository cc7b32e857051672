import {
  SITE_PRICE_RANGES_MAX,
  SITE_PRICE_RULES_MAX,
  type PriceAudience,
  type PriceRuleDraft,
  type PriceRuleView,
  type SitePriceRulesView,
  type SiteRounding,
} from '@kapu/contract';
import { writeAudit } from '../../core/calls.js';
import type { ActorContext } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import { fenToYuan } from '../../core/money.js';
import type { Deps } from '../../deps.js';
import { markUp, type PriceRule, type SiteRules } from './price-chain.js';
import { PLATFORM_SITE_ID } from './sites.service.js';
import {
  hiddenAbove,
  lockSite,
  ownRules,
  sellerOf,
  shelfAbove,
  type OwnRule,
  type Seller,
  type ShelfCatalog,
  type ShelfGoods,
} from './seller.js';

/**
 * An owner's price rules (decision 0009): the checks that keep a chain sound — a rule names what it
 * applies to, ranges do not overlap, a set price is never below the cost — as pure functions, and
 * the calls that list, save and delete rules and set the rounding. Every change clears the rules
 * cache on every instance ('site-rules'), so the storefront follows at once.
 */

/** A rule as stored: only the fields its scope uses. */
export interface RuleShape extends PriceRule {
  audience: PriceAudience;
}

const invalid = (msg: string) => businessError('PRICE_RULE_INVALID', msg);

/** A draft's stored shape, or PRICE_RULE_INVALID saying what is missing or contradictory. */
export function ruleShape(d: PriceRuleDraft): RuleShape {
  if (d.scope === 'dir' && !d.targetId) throw invalid('请选择规则适用的目录');
  if (d.scope === 'goods' && !d.targetId) throw invalid('请选择规则适用的商品');
  if (d.kind === 'price' && d.scope !== 'goods')
    throw invalid('固定售价只能用于单个商品，目录、区间和全局规则请用按比例或固定加价');
  if (d.kind === 'price' && d.value <= 0) throw invalid('固定售价须大于 0');
  let rangeMin: number | null = null;
  let rangeMax: number | null = null;
  if (d.scope === 'range') {
    rangeMin = d.rangeMin ?? 0;
    rangeMax = d.rangeMax ?? null;
    if (rangeMax !== null && rangeMax <= rangeMin) throw invalid('价格区间的终点须大于起点');
  }
  return {
    audience: d.audience,
    scope: d.scope,
    targetId: d.scope === 'dir' || d.scope === 'goods' ? d.targetId! : null,
    rangeMin,
    rangeMax,
    kind: d.kind,
    value: d.value,
  };
}

/** Whether two cost ranges [min, max) share any cost (max null: no upper end). */
export function rangesOverlap(
  a: { rangeMin: number | null; rangeMax: number | null },
  b: { rangeMin: number | null; rangeMax: number | null },
): boolean {
  const aMin = a.rangeMin ?? 0;
  const bMin = b.rangeMin ?? 0;
  const aMax = a.rangeMax ?? Number.POSITIVE_INFINITY;
  const bMax = b.rangeMax ?? Number.POSITIVE_INFINITY;
  return aMin < bMax && bMin < aMax;
}

/** "¥10.00–¥50.00" or "¥50.00 以上". */
export function rangeText(r: { rangeMin: number | null; rangeMax: number | null }): string {
  const from = `¥${fenToYuan(r.rangeMin ?? 0)}`;
  return r.rangeMax === null ? `${from} 以上` : `${from}–¥${fenToYuan(r.rangeMax)}`;
}

function sameKey(a: RuleShape, b: RuleShape): boolean {
  return a.audience === b.audience && a.scope === b.scope && a.targetId === b.targetId;
}

/**
 * The rule a draft replaces: the one its id names (PRICE_RULE_NOT_FOUND when that is not one of
 * this site's), else the global, directory or goods rule with the same audience and target.
 * Ranges are added unless named by id.
 */
export function replacedRule(rules: readonly OwnRule[], draft: RuleShape, id?: number): OwnRule | undefined {
  if (id !== undefined) {
    const named = rules.find((r) => r.id === id);
    if (!named) throw businessError('PRICE_RULE_NOT_FOUND');
    const clash = draft.scope !== 'range' && rules.find((r) => r.id !== id && sameKey(r, draft));
    if (clash) throw invalid('已有一条相同范围的规则，请直接修改那条规则');
    return named;
  }
  if (draft.scope === 'range') return undefined;
  return rules.find((r) => sameKey(r, draft));
}

/** The checks against the site's other rules: ranges do not overlap, and the counts stay within limits. */
export function checkAgainstRules(rules: readonly OwnRule[], draft: RuleShape, replaced: OwnRule | undefined): void {
  const others = rules.filter((r) => r.id !== replaced?.id);
  if (draft.scope === 'range') {
    const ranges = others.filter((r) => r.audience === draft.audience && r.scope === 'range');
    const clash = ranges.find((r) => rangesOverlap(r, draft));
    if (clash)
      throw businessError(
        'PRICE_RANGE_OVERLAP',
        `价格区间 ${rangeText(draft)} 与已有区间 ${rangeText(clash)} 重叠，请调整区间`,
      );
    if (ranges.length >= SITE_PRICE_RANGES_MAX)
      throw businessError('PRICE_RULE_LIMIT', `价格区间最多 ${SITE_PRICE_RANGES_MAX} 个`);
  }
  if (others.length >= SITE_PRICE_RULES_MAX)
    throw businessError('PRICE_RULE_LIMIT', `加价规则最多 ${SITE_PRICE_RULES_MAX} 条，请改用目录或全局规则`);
}

/** A set price below what the owner pays is refused, naming the cost. */
export function checkNotBelowCost(draft: RuleShape, cost: number): void {
  if (draft.kind === 'price' && draft.value < cost)
    throw businessError(
      'MARKUP_BELOW_COST',
      `售价 ¥${fenToYuan(draft.value)} 低于成本价 ¥${fenToYuan(cost)}，售价不能低于成本价`,
    );
}

/** What a site pays for a goods: the platform's price, then each site above marks it up for its children. */
export function costThrough(
  ancestors: readonly SiteRules[],
  goods: { id: number; dirId: number },
  base: number,
): number {
  return ancestors.reduce((cost, s) => markUp(s.child, s.rounding, goods, cost), base);
}

/**
 * What the owner pays for a shelf goods: the platform's price through the child rules of the sites
 * above; a site's own goods (decision 0018) start at the owning site — the owner's own goods at
 * their own price, an ancestor's through the child rules from that ancestor down.
 */
export function costFor(seller: Seller, goods: ShelfGoods): number {
  const g = { id: goods.id, dirId: goods.dirId };
  if (goods.siteId === seller.site.id) return goods.platformPrice;
  const from = seller.ancestors.findIndex((s) => s.siteId === goods.siteId);
  return costThrough(from < 0 ? seller.ancestors : seller.ancestors.slice(from), g, goods.platformPrice);
}

/** The site's rules with a draft in place of the rule it replaces (a preview; nothing saved). */
export function withDraft(rules: readonly OwnRule[], draft: RuleShape, id?: number): OwnRule[] {
  const replaced = replacedRule(rules, draft, id);
  const rule: OwnRule = { ...draft, id: replaced?.id ?? 0, createdAt: 0 };
  return replaced ? rules.map((r) => (r.id === replaced.id ? rule : r)) : [...rules, rule];
}

/** The rules of one audience in the order the chain reads them. */
export function rulesOf(rules: readonly OwnRule[], audience: PriceAudience): OwnRule[] {
  return rules.filter((r) => r.audience === audience);
}

/** A rule as the audit log records it (the columns, not the view). */
function ruleRecord(r: OwnRule) {
  return {
    audience: r.audience,
    scope: r.scope,
    target_id: r.targetId,
    range_min: r.rangeMin,
    range_max: r.rangeMax,
    kind: r.kind,
    value: r.value,
  };
}

/** The owner's calls on their price rules and rounding. */
export function priceRulesService(deps: Deps, catalog: ShelfCatalog) {
  const { db, caches } = deps;

  /** A goods rule must name a goods the parent sells; a set price is checked against its cost. */
  async function checkTarget(conn: Db, seller: Seller, draft: RuleShape): Promise<void> {
    if (draft.scope === 'dir') {
      const dirs = await catalog.dirs(conn);
      if (!dirs.some((d) => d.id === draft.targetId)) throw businessError('SITE_DIR_NOT_FOUND');
    }
    if (draft.scope === 'goods') {
      const [goods] = await catalog.goodsByIds(conn, seller.rootLevelId, [draft.targetId!], seller.chain);
      const allowed = shelfAbove(seller);
      const own = goods !== undefined && goods.siteId !== PLATFORM_SITE_ID;
      if (!goods || hiddenAbove(seller).has(goods.id) || (!own && allowed !== null && !allowed.has(goods.id)))
        throw businessError('GOODS_NOT_FOUND');
      checkNotBelowCost(draft, costFor(seller, goods));
    }
  }

  async function names(seller: Seller, rules: readonly OwnRule[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    const goodsIds = rules.filter((r) => r.scope === 'goods').map((r) => r.targetId!);
    const [dirs, goods] = await Promise.all([
      rules.some((r) => r.scope === 'dir') ? catalog.dirs(db) : [],
      goodsIds.length ? catalog.goodsByIds(db, null, goodsIds, seller.chain) : [],
    ]);
    for (const d of dirs) out.set(`dir:${d.id}`, d.name);
    for (const g of goods) out.set(`goods:${g.id}`, g.name);
    return out;
  }

  function view(r: OwnRule, named: Map<string, string>): PriceRuleView {
    return {
      id: r.id,
      audience: r.audience,
      scope: r.scope,
      targetId: r.targetId,
      targetName: r.targetId === null ? null : (named.get(`${r.scope}:${r.targetId}`) ?? null),
      rangeMin: r.rangeMin,
      rangeMax: r.rangeMax,
      kind: r.kind,
      value: r.value,
      createdAt: r.createdAt,
    };
  }

  return {
    async list(ctx: ActorContext): Promise<SitePriceRulesView> {
      const seller = await sellerOf(db, ctx.actor.id);
      const rules = await ownRules(db, seller.site.id);
      const named = await names(seller, rules);
      // Ranges read best in cost order; the others as saved.
      const ordered = (audience: PriceAudience) =>
        rulesOf(rules, audience)
          .sort((a, b) => (a.scope === 'range' && b.scope === 'range' ? (a.rangeMin ?? 0) - (b.rangeMin ?? 0) : 0))
          .map((r) => view(r, named));
      const { id, title, path, status } = seller.site;
      return {
        site: { id, title, path, status },
        rounding: seller.rounding,
        buyer: ordered('buyer'),
        child: ordered('child'),
        maxRules: SITE_PRICE_RULES_MAX,
      };
    },

    async save(ctx: ActorContext, input: PriceRuleDraft): Promise<{ id: number }> {
      const seller = await sellerOf(db, ctx.actor.id);
      const draft = ruleShape(input);
      await checkTarget(db, seller, draft);
      const siteId = seller.site.id;
      const id = await db.transaction().execute(async (trx) => {
        await lockSite(trx, siteId);
        const rules = await ownRules(trx, siteId);
        const replaced = replacedRule(rules, draft, input.id);
        checkAgainstRules(rules, draft, replaced);
        const values = {
          audience: draft.audience,
          scope: draft.scope,
          target_id: draft.targetId,
          range_min: draft.rangeMin,
          range_max: draft.rangeMax,
          kind: draft.kind,
          value: draft.value,
        };
        if (replaced) {
          await trx
            .updateTable('site_price_rules')
            .set(values)
            .where('id', '=', replaced.id)
            .where('site_id', '=', siteId)
            .execute();
          await writeAudit(ctx, trx, {
            siteId,
            action: 'siteOwner.ruleUpdate',
            target: `siteRule:${replaced.id}`,
            before: ruleRecord(replaced),
            after: values,
          });
          return replaced.id;
        }
        const row = await trx
          .insertInto('site_price_rules')
          .values({ ...values, site_id: siteId, created_at: Date.now() })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeAudit(ctx, trx, {
          siteId,
          action: 'siteOwner.ruleCreate',
          target: `siteRule:${row.id}`,
          after: values,
        });
        return row.id;
      });
      await caches.changed('site-rules');
      return { id };
    },

    async remove(ctx: ActorContext, id: number): Promise<void> {
      const seller = await sellerOf(db, ctx.actor.id);
      const siteId = seller.site.id;
      await db.transaction().execute(async (trx) => {
        const before = (await ownRules(trx, siteId)).find((r) => r.id === id);
        // Another site's rule is "not found" here, like a missing one.
        if (!before) throw businessError('PRICE_RULE_NOT_FOUND');
        const res = await trx
          .deleteFrom('site_price_rules')
          .where('id', '=', id)
          .where('site_id', '=', siteId)
          .executeTakeFirst();
        if (Number(res.numDeletedRows) === 0) throw businessError('PRICE_RULE_NOT_FOUND');
        await writeAudit(ctx, trx, { siteId, target: `siteRule:${id}`, before: ruleRecord(before), after: null });
      });
      await caches.changed('site-rules');
    },

    async setRounding(ctx: ActorContext, rounding: SiteRounding): Promise<void> {
      const seller = await sellerOf(db, ctx.actor.id);
      const siteId = seller.site.id;
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('sites').set({ rounding, updated_at: Date.now() }).where('id', '=', siteId).execute();
        await writeAudit(ctx, trx, {
          siteId,
          target: `siteOwner:${siteId}`,
          before: { rounding: seller.rounding },
          after: { rounding },
        });
      });
      await caches.changed('site-rules');
    },
  };
}
