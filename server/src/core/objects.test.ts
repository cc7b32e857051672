import { describe, expect, it } from 'vitest';
import { withFields } from './objects.js';

describe('withFields', () => {
  it('answers a new object with the base keys first, then the fields, which win', () => {
    const base = { a: 1, b: 'x' };
    const out = withFields(base, { b: 'y', c: null });
    expect(out).toEqual({ a: 1, b: 'y', c: null });
    expect(Object.keys(out)).toEqual(['a', 'b', 'c']);
    expect(out).not.toBe(base);
    expect(base).toEqual({ a: 1, b: 'x' });
  });

  it('keeps the spread’s own-property semantics for ordinary keys and plain data', () => {
    const base = { n: 1, nested: { deep: true } };
    const spread = { ...base, m: 2 };
    const assigned = withFields(base, { m: 2 });
    expect(assigned).toStrictEqual(spread);
    expect(assigned.nested).toBe(base.nested);
  });
});
