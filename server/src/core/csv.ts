/** A CSV cell: quoted when needed; text that a spreadsheet would run as a formula is defused. */
export function csvCell(value: string | number, text = true): string {
  let v = String(value);
  if (text && /^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/**
 * A CSV document for spreadsheets: UTF-8 with a BOM (Excel reads Chinese right), CRLF lines.
 * Cells are already formatted with csvCell.
 */
export function csvDocument(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  return `\uFEFF${[header.map((h) => csvCell(h)).join(','), ...rows.map((r) => r.join(','))].join('\r\n')}\r\n`;
}
