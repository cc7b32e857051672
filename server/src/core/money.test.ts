import { describe, expect, it } from 'vitest';
import { fenToYuan, yuanToFen } from './money.js';

describe('money in fen', () => {
  it.each([
    ['0', 0],
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['0.01', 1],
    ['999999999999.99', 99999999999999],
    [' 3.30 ', 330],
  ])('parses yuan %s as %i fen', (text, fen) => expect(yuanToFen(text)).toBe(fen));

  it.each(['-1', '1.234', '01', 'abc', '', '1e3', '.5', '1.', 'NaN', '0x10'])('rejects %s', (text) =>
    expect(yuanToFen(text)).toBeUndefined(),
  );

  it('never goes through floating point: 0.1 + 0.2 style amounts stay exact', () => {
    expect(yuanToFen('0.29')).toBe(29);
    expect(yuanToFen('1.15')).toBe(115);
    expect(yuanToFen('4.35')).toBe(435);
  });

  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1234, '12.34'],
    [-5, '-0.05'],
    [-123456, '-1234.56'],
  ])('formats %i fen as %s', (fen, text) => expect(fenToYuan(fen)).toBe(text));

  it('refuses non-integer fen', () => {
    expect(() => fenToYuan(1.5)).toThrow(RangeError);
  });
});
