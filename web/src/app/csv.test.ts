import { describe, expect, it, vi } from 'vitest';
import { cardLines, downloadText, toCsv } from './csv';
import { fenToYuanText } from './yuan';

describe('CSV export', () => {
  it('writes a BOM, a header and CRLF rows, quoting commas, quotes and newlines', () => {
    const csv = toCsv(
      [
        { name: 'Steam, 50 元', note: '说 "好"', amount: 4850 },
        { name: '两行\n文本', note: '', amount: -100 },
      ],
      [
        { title: '商品', value: (r) => r.name },
        { title: '备注', value: (r) => r.note },
        { title: '金额', value: (r) => fenToYuanText(r.amount) },
      ],
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual(['商品,备注,金额', '"Steam, 50 元","说 ""好""",48.50', '"两行\n文本",,-1.00', '']);
  });

  it('disarms spreadsheet formulas but leaves negative numbers alone', () => {
    const csv = toCsv([{ v: '=HYPERLINK("x")' }, { v: '-12.50' }, { v: '@cmd' }], [{ title: 'v', value: (r) => r.v }]);
    const rows = csv.slice(1).split('\r\n');
    expect(rows[1]).toBe(`"'=HYPERLINK(""x"")"`);
    expect(rows[2]).toBe('-12.50');
    expect(rows[3]).toBe("'@cmd");
  });

  it('joins delivered cards one per line and downloads text through a link', () => {
    expect(cardLines([{ card: 'A1', password: 'p1' }, { card: 'B2', password: '' }])).toBe('A1 p1\nB2');
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
