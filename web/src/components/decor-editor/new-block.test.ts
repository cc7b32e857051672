import { describe, expect, it } from 'vitest';
import { DECOR_BLOCK_TYPES, decorBlock } from '@kapu/contract';
import { moveItem, newBlock, newBlockKey } from './new-block';

describe('decoration editor helpers', () => {
  it('new blocks are valid except where the owner must fill something in', () => {
    const invalid = DECOR_BLOCK_TYPES.filter((t) => !decorBlock.safeParse(newBlock(t, 'k1')).success);
    // A banner needs a picture, contacts need a value: the editor asks for them before saving.
    expect(invalid).toEqual(['banner', 'contacts']);
  });

  it('keys are unique and valid', () => {
    const taken = new Set<string>();
    for (let i = 0; i < 200; i++) taken.add(newBlockKey(taken));
    expect(taken.size).toBe(200);
    for (const k of taken) expect(k).toMatch(/^[A-Za-z0-9_-]{1,24}$/);
  });

  it('moves an item up, down and across', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, 5)).toEqual(['a', 'b', 'c']);
  });
});
