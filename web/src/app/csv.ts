/** CSV for spreadsheets: RFC 4180 quoting, CRLF, and a BOM so Excel reads the Chinese as UTF-8. */
export interface CsvColumn<T> {
  title: string;
  value: (row: T) => string | number | null | undefined;
}

function cell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  // A leading = + - @ would run as a formula in Excel (CSV injection); a quote mark disarms it.
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const lines = [columns.map((c) => cell(c.title)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => cell(c.value(row))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Saves text as a file through a temporary link (CSV exports, card .txt downloads). */
export function downloadText(filename: string, text: string, type = 'text/plain;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Card lines as delivered: "card password" or the card alone. */
export function cardLines(cards: ReadonlyArray<{ card: string; password: string }>): string {
  return cards.map((c) => (c.password ? `${c.card} ${c.password}` : c.card)).join('\n');
}

/** Saves a CSV file the server prepared (orders export); says so when the cap cut it short. */
export function saveCsvExport(file: { filename: string; content: string }): void {
  downloadText(file.filename, file.content, 'text/csv;charset=utf-8');
}
