import { marketPutOnInput, priceRuleSaveInput, type PriceRuleDraft } from '@kapu/contract';
import { describe, expect, it } from 'vitest';
import { BusinessError } from '../../core/errors.js';
import type { SiteRules } from './price-chain.js';
import {
  checkAgainstRules,
  checkNotBelowCost,
  costThrough,
  rangesOverlap,
  replacedRule,
  ruleShape,
  withDraft,
} from './price-rules.js';
import type { OwnRule } from './seller.js';

const draft = (d: Partial<PriceRuleDraft>): PriceRuleDraft => ({
  audience: 'buyer',
  scope: 'global',
  kind: 'percent',
  value: 1000,
  ...d,
});
const own = (id: number, d: Partial<PriceRuleDraft>): OwnRule => ({ ...ruleShape(draft(d)), id, createdAt: 0 });
const site = (child: SiteRules['child'], rounding: SiteRules['rounding'] = 'fen') =>
  ({
    siteId: 9,
    ownerId: 90,
    rounding,
    buyer: [],
    child,
    hidden: new Set(),
    shelf: null,
    dirs: new Map(),
  }) as SiteRules;

function codeOf(fn: () => unknown): { code: number; msg: string } | undefined {
  try {
    fn();
  } catch (e) {
    if (e instanceof BusinessError) return { code: e.code, msg: e.message };
    throw e;
  }
  return undefined;
}

describe('an owner’s price rules (decision 0009)', () => {
  it('parses typed values: a percentage into basis points, yuan into fen, and refuses negatives and junk', () => {
    const ok = (value: string, kind = 'percent') =>
      priceRuleSaveInput.safeParse({ audience: 'buyer', scope: 'global', kind, value });
    expect(ok('12.5').data?.value).toBe(1250);
    expect(ok('0').data?.value).toBe(0);
    expect(ok('1.5', 'fixed').data?.value).toBe(150);
    for (const bad of ['-1', '1e3', '12.345', 'abc', '1000.01', ''])
      expect(ok(bad).success, `percent ${bad}`).toBe(false);
    expect(ok('-0.5', 'fixed').success).toBe(false);
    expect(ok('1000').data?.value).toBe(100_000);
    const market = marketPutOnInput.safeParse({ ids: '3,4', kind: 'fixed', value: '2' });
    expect(market.data).toEqual({ ids: [3, 4], markup: { kind: 'fixed', value: 200 } });
    expect(marketPutOnInput.safeParse({ ids: '3', kind: 'percent' }).success).toBe(false);
    expect(marketPutOnInput.safeParse({ ids: '3' }).data).toEqual({ ids: [3], markup: null });
  });

  it('needs a target for directory and goods rules, an ordered range, and a set price only per goods', () => {
    expect(codeOf(() => ruleShape(draft({ scope: 'dir' })))?.msg).toContain('目录');
    expect(codeOf(() => ruleShape(draft({ scope: 'goods' })))?.msg).toContain('商品');
    expect(codeOf(() => ruleShape(draft({ scope: 'range', rangeMin: 500, rangeMax: 500 })))?.code).toBe(6009);
    expect(codeOf(() => ruleShape(draft({ kind: 'price', value: 900 })))?.msg).toContain('单个商品');
    expect(codeOf(() => ruleShape(draft({ scope: 'goods', targetId: 3, kind: 'price', value: 0 })))?.code).toBe(6009);
    // Only the fields the scope uses are kept.
    expect(ruleShape(draft({ targetId: 4, rangeMin: 1 }))).toMatchObject({ targetId: null, rangeMin: null });
    expect(ruleShape(draft({ scope: 'range' }))).toMatchObject({ rangeMin: 0, rangeMax: null });
  });

  it('refuses overlapping cost ranges of one audience, half-open at the top', () => {
    expect(rangesOverlap({ rangeMin: 0, rangeMax: 1000 }, { rangeMin: 1000, rangeMax: 2000 })).toBe(false);
    expect(rangesOverlap({ rangeMin: 0, rangeMax: 1001 }, { rangeMin: 1000, rangeMax: 2000 })).toBe(true);
    expect(rangesOverlap({ rangeMin: 5000, rangeMax: null }, { rangeMin: 0, rangeMax: 6000 })).toBe(true);
    expect(rangesOverlap({ rangeMin: 5000, rangeMax: null }, { rangeMin: 0, rangeMax: 5000 })).toBe(false);
    const rules = [own(1, { scope: 'range', rangeMin: 0, rangeMax: 1000 }), own(2, { scope: 'range', rangeMin: 5000 })];
    const overlap = ruleShape(draft({ scope: 'range', rangeMin: 900, rangeMax: 2000 }));
    const refused = codeOf(() => checkAgainstRules(rules, overlap, undefined));
    expect(refused?.code).toBe(6020);
    expect(refused?.msg).toContain('¥0.00–¥10.00');
    // The same range for the other audience, or the rule itself being moved, is fine.
    expect(codeOf(() => checkAgainstRules(rules, { ...overlap, audience: 'child' }, undefined))).toBeUndefined();
    const moved = ruleShape(draft({ scope: 'range', rangeMin: 0, rangeMax: 1200 }));
    expect(codeOf(() => checkAgainstRules(rules, moved, replacedRule(rules, moved, 1)))).toBeUndefined();
    expect(
      codeOf(() => checkAgainstRules(rules, ruleShape(draft({ scope: 'range', rangeMin: 4000 })), undefined))?.code,
    ).toBe(6020);
  });

  it('replaces the rule with the same target, names foreign ids as not found, and keeps within the limit', () => {
    const rules = [own(1, {}), own(2, { scope: 'dir', targetId: 5 }), own(3, { audience: 'child' })];
    expect(replacedRule(rules, ruleShape(draft({ value: 5 })))?.id).toBe(1);
    expect(replacedRule(rules, ruleShape(draft({ scope: 'dir', targetId: 6 })))).toBeUndefined();
    expect(replacedRule(rules, ruleShape(draft({ audience: 'child', value: 1 })))?.id).toBe(3);
    expect(codeOf(() => replacedRule(rules, ruleShape(draft({})), 99))?.code).toBe(6008);
    // Turning rule 2 into the global rule would make two: refused.
    expect(codeOf(() => replacedRule(rules, ruleShape(draft({})), 2))?.code).toBe(6009);
    const many = Array.from({ length: 500 }, (_, i) => own(i + 1, { scope: 'goods', targetId: i + 1 }));
    expect(codeOf(() => checkAgainstRules(many, ruleShape(draft({})), undefined))?.code).toBe(6021);
    expect(codeOf(() => checkAgainstRules(many, many[0]!, many[0]))).toBeUndefined();
  });

  it('refuses a set price below the cost, naming the cost; percent and fixed markups never go below it', () => {
    const set = (value: number) => ruleShape(draft({ scope: 'goods', targetId: 3, kind: 'price', value }));
    const refused = codeOf(() => checkNotBelowCost(set(999), 1000));
    expect(refused).toEqual({ code: 6005, msg: '售价 ¥9.99 低于成本价 ¥10.00，售价不能低于成本价' });
    expect(codeOf(() => checkNotBelowCost(set(1000), 1000))).toBeUndefined();
    expect(codeOf(() => checkNotBelowCost(ruleShape(draft({ value: 0 })), 1000))).toBeUndefined();
  });

  it('costs a goods through the child rules of every site above, each with its rounding', () => {
    const goods = { id: 3, dirId: 5 };
    const a = site([own(1, { audience: 'child', kind: 'fixed', value: 100 })]);
    const b = site([own(2, { audience: 'child', value: 1000 })], 'jiao');
    expect(costThrough([], goods, 1000)).toBe(1000);
    expect(costThrough([a], goods, 1000)).toBe(1100);
    expect(costThrough([a, b], goods, 1001)).toBe(1220); // 1101 + 10 % = 1211.1 → 1212 → up to the jiao
  });

  it('previews a draft in place of the rule it replaces, or beside the others', () => {
    const rules = [own(1, {}), own(2, { scope: 'range', rangeMin: 0, rangeMax: 100 })];
    const swapped = withDraft(rules, ruleShape(draft({ value: 2000 })));
    expect(swapped.map((r) => [r.id, r.value])).toEqual([
      [1, 2000],
      [2, 1000],
    ]);
    expect(withDraft(rules, ruleShape(draft({ scope: 'range', rangeMin: 100 })))).toHaveLength(3);
  });
});
