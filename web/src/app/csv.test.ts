import { describe, expect, it, vi } from 'vitest';
import { cardLines, downloadText } from './csv';
import { fenToYuanText } from './yuan';

describe('downloads', () => {
  it('joins delivered cards one per line and downloads text through a link', () => {
    expect(
      cardLines([
        { card: 'A1', password: 'p1' },
        { card: 'B2', password: '' },
      ]),
    ).toBe('A1 p1\nB2');
    const create = vi.fn(() => 'blob:x');
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    downloadText('a.txt', 'hello');
    expect(create).toHaveBeenCalledOnce();
    expect(click).toHaveBeenCalledOnce();
    click.mockRestore();
  });

  it('formats fen as yuan text', () => {
    expect(fenToYuanText(0)).toBe('0.00');
    expect(fenToYuanText(5)).toBe('0.05');
    expect(fenToYuanText(123456)).toBe('1234.56');
    expect(fenToYuanText(-250)).toBe('-2.50');
  });
});
