import { describe, expect, it } from 'vitest';
import { LruMap, rowBytes, textBytes } from './lru.js';

describe('LruMap', () => {
  it('forgets the least recently used entry past its count', () => {
    const m = new LruMap<string, number>(2);
    m.set('a', 1).set('b', 2);
    expect(m.get('a')).toBe(1); // a is now the most recent
    m.set('c', 3);
    expect([...m.entries()].map(([k]) => k)).toEqual(['a', 'c']);
    expect(m.get('b')).toBeUndefined();
  });

  it('given a budget, forgets the oldest entries until the rest fit its bytes', () => {
    const m = new LruMap<string, string>(100, { maxBytes: 100, weigh: (v) => v.length });
    m.set('a', 'x'.repeat(40)).set('b', 'x'.repeat(40));
    expect(m.bytes).toBe(80);
    m.set('c', 'x'.repeat(30));
    expect([...m.entries()].map(([k]) => k)).toEqual(['b', 'c']);
    expect(m.bytes).toBe(70);
    // Replacing an entry counts its new weight only.
    m.set('b', 'x'.repeat(10));
    expect(m.bytes).toBe(40);
    m.delete('c');
    expect(m.bytes).toBe(10);
    m.clear();
    expect(m.bytes).toBe(0);
    expect(m.size).toBe(0);
  });

  it('does not keep an entry bigger than the whole budget, and keeps the others then', () => {
    const m = new LruMap<string, string>(100, { maxBytes: 100, weigh: (v) => v.length });
    m.set('a', 'x'.repeat(50));
    m.set('huge', 'x'.repeat(101));
    expect(m.get('huge')).toBeUndefined();
    expect(m.get('a')).toBe('x'.repeat(50));
    expect(m.bytes).toBe(50);
  });

  it('weighs keys too when asked (the key is given to weigh)', () => {
    const m = new LruMap<string, number>(100, { maxBytes: 20, weigh: (_v, k) => String(k).length });
    m.set('0123456789', 1).set('abcdefghij', 2).set('k', 3);
    expect([...m.entries()].map(([k]) => k)).toEqual(['abcdefghij', 'k']);
  });

  it('refuses a budget of nothing', () => {
    expect(() => new LruMap(1, { maxBytes: 0, weigh: () => 1 })).toThrow(RangeError);
  });
});

describe('sizes of texts and rows', () => {
  it('counts two bytes a character, and the texts of a row', () => {
    expect(textBytes('商品')).toBe(36);
    expect(rowBytes({ id: 1, name: '商品', images: '[]' })).toBe(64 + 16 + 36 + 36);
    expect(rowBytes(undefined)).toBe(16);
  });
});
