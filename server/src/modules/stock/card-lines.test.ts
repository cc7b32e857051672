import { describe, expect, it } from 'vitest';
import { normaliseCardLine, parseCardLines, splitCard } from './card-lines.js';

describe('card import lines', () => {
  it('reads the three formats into one normal form', () => {
    expect(normaliseCardLine('  ABC123  ')).toBe('ABC123');
    expect(normaliseCardLine('ABC123 pw1')).toBe('ABC123----pw1');
    expect(normaliseCardLine('ABC123\tpw1')).toBe('ABC123----pw1');
    expect(normaliseCardLine('ABC123----pw1')).toBe('ABC123----pw1');
    expect(normaliseCardLine('ABC123 ---- pw1')).toBe('ABC123----pw1');
    expect(splitCard('ABC123----pw1')).toEqual({ card: 'ABC123', password: 'pw1' });
    expect(splitCard('ABC123')).toEqual({ card: 'ABC123', password: '' });
  });

  it('dedupes within the batch across formats, skips blanks and invalid lines', () => {
    const parsed = parseCardLines('A1 p1\r\nA1----p1\n\n  \nA2\nA2\n----x\n' + 'x'.repeat(1001));
    expect(parsed).toEqual({ cards: ['A1----p1', 'A2'], lines: 6, duplicates: 2, invalid: 2 });
  });

  it('refuses more than 100,000 lines and accepts exactly 100,000', () => {
    const ok = Array.from({ length: 100_000 }, (_, i) => `C${i}`).join('\n');
    expect(parseCardLines(ok)?.cards).toHaveLength(100_000);
    expect(parseCardLines(`${ok}\nC-extra`)).toBeNull();
  });
});
