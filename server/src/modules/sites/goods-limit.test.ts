import { describe, expect, it } from 'vitest';
import { limitRefusal, planShelf } from './goods-limit.js';
import { hiddenInChain, shelfOfChain, type SiteRules } from './price-chain.js';

const site = (siteId: number, hidden: number[] = [], shelf: number[] | null = null) =>
  ({
    siteId,
    ownerId: siteId * 10,
    rounding: 'fen',
    buyer: [],
    child: [],
    hidden: new Set(hidden),
    shelf: shelf === null ? null : new Set(shelf),
    dirs: new Map(),
  }) as SiteRules;

describe('the goods limit of a site version (decision 0019)', () => {
  it('keeps the first N picks in the catalogue’s order and takes the rest off', () => {
    expect(planShelf([5, 2, 9, 7], 2)).toEqual({ keep: [5, 2], remove: [9, 7], add: [] });
    expect(planShelf([5, 2], 3)).toEqual({ keep: [5, 2], remove: [], add: [] });
  });

  it('seeds: the owner’s picks first, then the parent’s catalogue in its order, never past the limit', () => {
    expect(planShelf([], 3, [1, 2, 3, 4])).toEqual({ keep: [], remove: [], add: [1, 2, 3] });
    expect(planShelf([4], 3, [1, 4, 2, 3])).toEqual({ keep: [4], remove: [], add: [1, 2] });
    expect(planShelf([4, 5, 6, 7], 3, [1, 2])).toEqual({ keep: [4, 5, 6], remove: [7], add: [] });
    // A parent that sells fewer goods than the limit: all of them.
    expect(planShelf([], 10, [1, 2])).toEqual({ keep: [], remove: [], add: [1, 2] });
  });

  it('changes nothing without a limit', () => {
    expect(planShelf([1, 2, 3], 0, [4])).toEqual({ keep: [1, 2, 3], remove: [], add: [] });
  });

  it('refuses putting on past the limit with 已上架 X / 上限 N and what is left', () => {
    expect(limitRefusal(0, 500, 900)).toBeNull();
    expect(limitRefusal(3, 2, 3)).toBeNull();
    expect(limitRefusal(3, 3, 4)).toContain('已上架 3 / 上限 3');
    expect(limitRefusal(3, 3, 4)).toContain('已无法再上架');
    expect(limitRefusal(5, 3, 7)).toContain('还可上架 2 件（本次上架后为 7 件）');
  });

  it('sells along a chain only what every capped shelf of it holds and nothing any site hid', () => {
    const open = site(2, [8]);
    const capped = site(3, [], [1, 2, 3]);
    const child = site(4, [2], [1, 2, 9]);
    expect(hiddenInChain([open], 1)).toBe(false);
    expect(hiddenInChain([open], 8)).toBe(true);
    expect(hiddenInChain([open, capped], 1)).toBe(false);
    expect(hiddenInChain([open, capped], 4)).toBe(true);
    // The child put 9 on its shelf, but its parent does not sell it; it hid 2 itself.
    expect(hiddenInChain([open, capped, child], 9)).toBe(true);
    expect(hiddenInChain([open, capped, child], 2)).toBe(true);
    expect(hiddenInChain([open, capped, child], 1)).toBe(false);
    expect(shelfOfChain([open])).toBeNull();
    expect(shelfOfChain([open, capped])).toEqual([1, 2, 3]);
    expect(shelfOfChain([open, capped, child])).toEqual([1, 2]);
  });
});
