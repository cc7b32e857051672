import { describe, expect, it } from 'vitest';
import { procurementMachine } from './machine.js';
import {
  DEFAULT_OWNERSHIP,
  costCeiling,
  maxUnitCost,
  planSync,
  readOwnership,
  outerNumberOf,
  sellingPrice,
  shortRefund,
  sourceRefusal,
  sourcesToTry,
  type GoodsState,
  type SyncRules,
  type UpstreamState,
} from './rules.js';
import { kapuOrderState, yuanToFenLoose } from './drivers/kapu.js';

const goods: GoodsState = { name: '我的名字', description: 'd', images: [], price: 1200, status: 'on_sale', stock: 10 };
const up: UpstreamState = { name: '我的名字', description: 'd', images: [], cost: 1000, onSale: true, stock: 10 };
const rules: SyncRules = {
  ownership: DEFAULT_OWNERSHIP,
  markup: { kind: 'percent', value: 2000 },
  priceRule: 'follow',
  pauseOutOfStock: true,
  importCost: 1000,
  costBoundPct: null,
  pausedBySync: false,
};

describe('markup and price guards', () => {
  it('percent rounds up to the fen; fixed adds fen', () => {
    expect(sellingPrice(1000, { kind: 'percent', value: 2000 })).toBe(1200);
    expect(sellingPrice(333, { kind: 'percent', value: 1000 })).toBe(367); // 366.3 → 367
    expect(sellingPrice(1000, { kind: 'fixed', value: 150 })).toBe(1150);
    expect(sellingPrice(0, { kind: 'percent', value: 5000 })).toBe(0);
  });
  it('the cost bound and the most paid per unit', () => {
    expect(costCeiling(1000, null)).toBeNull();
    expect(costCeiling(1000, 10)).toBe(1100);
    expect(maxUnitCost(1200, 1000, null)).toBe(1200);
    expect(maxUnitCost(1200, 1000, 5)).toBe(1050);
    expect(maxUnitCost(1000, 1000, 50)).toBe(1000);
  });
});

describe('sync ownership merge', () => {
  it('nothing moves when nothing changed', () => {
    expect(planSync(goods, up, rules)).toMatchObject({ set: {}, changes: [], skipped: [] });
  });
  it('follows price and stock; keeps the merchant name; logs both', () => {
    const p = planSync(goods, { ...up, name: '上游名', cost: 1500, stock: 3 }, rules);
    expect(p.set).toEqual({ price: 1800, stock: 3 });
    expect(p.skipped.map((s) => [s.field, s.note])).toEqual([['name', '保留我的设置']]);
  });
  it('raise-only never lowers; owned price never moves', () => {
    expect(planSync(goods, { ...up, cost: 500 }, { ...rules, priceRule: 'raise_only' }).set.price).toBeUndefined();
    expect(planSync(goods, { ...up, cost: 2000 }, { ...rules, priceRule: 'raise_only' }).set.price).toBe(2400);
    expect(
      planSync(goods, { ...up, cost: 2000 }, { ...rules, ownership: { ...DEFAULT_OWNERSHIP, price: 'mine' } }).set
        .price,
    ).toBeUndefined();
  });
  it('pauses when out of stock, above the cost bound, or off sale; resumes only its own pause', () => {
    expect(planSync(goods, { ...up, stock: 0 }, rules)).toMatchObject({
      set: { status: 'paused' },
      pausedBySync: true,
    });
    expect(planSync(goods, { ...up, stock: 0 }, { ...rules, pauseOutOfStock: false }).set.status).toBeUndefined();
    expect(planSync(goods, { ...up, cost: 1200 }, { ...rules, costBoundPct: 10 }).set.status).toBe('paused');
    expect(planSync(goods, { ...up, onSale: false }, rules).set.status).toBe('paused');
    const paused = { ...goods, status: 'paused' as const };
    expect(planSync(paused, up, { ...rules, pausedBySync: true })).toMatchObject({
      set: { status: 'on_sale' },
      pausedBySync: false,
    });
    expect(planSync(paused, up, rules).set.status).toBeUndefined(); // the merchant paused it
    expect(planSync({ ...goods, status: 'banned' }, { ...up, stock: 0 }, rules).set.status).toBeUndefined();
  });
  it('reads stored ownership defensively', () => {
    expect(readOwnership('not json')).toEqual(DEFAULT_OWNERSHIP);
    expect(readOwnership('{"name":"upstream","price":"bogus"}')).toEqual({ ...DEFAULT_OWNERSHIP, name: 'upstream' });
  });
});

describe('failover choice', () => {
  const sources = [
    { id: 3, priority: 2 },
    { id: 1, priority: 1 },
    { id: 2, priority: 1 },
  ];
  it('priority order, ties by id, without sources given up', () => {
    expect(sourcesToTry(sources, []).map((s) => s.id)).toEqual([1, 2, 3]);
    expect(sourcesToTry(sources, [1]).map((s) => s.id)).toEqual([2, 3]);
    expect(sourcesToTry(sources, [1, 2, 3])).toEqual([]);
  });
  it('refuses a source off sale, short of stock, above the price, outside its quantities', () => {
    const fresh = { onSale: true, stock: 5, price: 1000, minQuantity: 1, maxQuantity: 10 };
    expect(sourceRefusal(fresh, 2, 1000)).toBeNull();
    expect(sourceRefusal({ ...fresh, stock: null }, 9, 1000)).toBeNull();
    expect(sourceRefusal({ ...fresh, onSale: false }, 1, 1000)).toBe('上游已下架');
    expect(sourceRefusal(fresh, 6, 1000)).toContain('库存不足');
    expect(sourceRefusal(fresh, 1, 999)).toContain('高于可接受');
    expect(sourceRefusal({ ...fresh, stock: null }, 11, 1000)).toContain('数量');
  });
});

describe('procurement machine and protocol mapping', () => {
  it('delivered, partial, refund_due and refunded are final; a failed one may be pushed again', () => {
    expect(procurementMachine.finals().sort()).toEqual(['delivered', 'partial', 'refund_due', 'refunded']);
    expect(procurementMachine.can('failed', 'pending')).toBe(true);
    expect(procurementMachine.can('failed', 'placed')).toBe(true);
    expect(procurementMachine.can('delivered', 'refunded')).toBe(false);
    expect(procurementMachine.can('pending', 'delivered')).toBe(false);
  });
  it('maps API statuses 0..9 and yuan amounts', () => {
    expect([0, 1, 2, 3, 4, 5, 7, 8, 9].map(kapuOrderState)).toEqual([
      'pending',
      'pending',
      'pending',
      'delivered',
      'failed',
      'failed',
      'pending',
      'pending',
      'pending',
    ]);
    expect(yuanToFenLoose('9.50')).toBe(950);
    expect(yuanToFenLoose(12.3)).toBe(1230);
    expect(yuanToFenLoose('abc')).toBeNull();
    expect(yuanToFenLoose(null)).toBeNull();
  });
});

describe('short deliveries: the part refunded and the procurement machine', () => {
  it('refunds the missing units, rounded in the buyer’s favour, never the whole order', () => {
    expect(shortRefund(1980, 0, 3, 1)).toBe(1320);
    expect(shortRefund(1980, 0, 3, 2)).toBe(660);
    // 10.00 for 3, 2 delivered: the buyer keeps paying floor(666.67) = 666, gets 334 back.
    expect(shortRefund(1000, 0, 3, 2)).toBe(334);
    expect(shortRefund(1000, 0, 3, 1)).toBe(667);
    // An earlier partial refund counts; the order is never refunded whole by a short delivery.
    expect(shortRefund(1000, 100, 3, 2)).toBe(234);
    expect(shortRefund(1000, 600, 3, 2)).toBe(0);
    expect(shortRefund(1, 0, 3, 1)).toBe(0);
    expect(shortRefund(2, 0, 3, 1)).toBe(1);
    // Nothing missing, nothing paid: nothing back.
    expect(shortRefund(1000, 0, 3, 3)).toBe(0);
    expect(shortRefund(0, 0, 3, 1)).toBe(0);
  });

  it('declares the short-delivery moves: back to placing for the rest, then partial or refund_due, both final', () => {
    expect(procurementMachine.can('placing', 'placing')).toBe(true);
    expect(procurementMachine.can('placed', 'placing')).toBe(true);
    for (const end of ['partial', 'refund_due'] as const) {
      expect(procurementMachine.can('placing', end)).toBe(true);
      expect(procurementMachine.can('placed', end)).toBe(true);
      expect(procurementMachine.can('pending', end)).toBe(false);
      expect(procurementMachine.can('failed', end)).toBe(false);
      expect(procurementMachine.can('delivered', end)).toBe(false);
    }
    expect(procurementMachine.finals().sort()).toEqual(['delivered', 'partial', 'refund_due', 'refunded']);
    expect(() => procurementMachine.assert('partial', 'pending')).toThrow();
    expect(outerNumberOf({ procurement_no: 'PABC1', part: 1 })).toBe('PABC1');
    expect(outerNumberOf({ procurement_no: 'PABC1', part: 2 })).toBe('PABC1-2');
  });
});
