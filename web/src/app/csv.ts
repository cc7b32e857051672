/** Saves what an address holds (a blob: or data: URL) as a file through a temporary link. */
export function downloadUrl(filename: string, url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** Saves text as a file through a temporary link (CSV exports, card .txt downloads). */
export function downloadText(filename: string, text: string, type = 'text/plain;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  downloadUrl(filename, url);
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Card lines as delivered: "card password" or the card alone. */
export function cardLines(cards: ReadonlyArray<{ card: string; password: string }>): string {
  return cards.map((c) => (c.password ? `${c.card} ${c.password}` : c.card)).join('\n');
}

/** Saves a CSV file the server prepared (order and ledger exports: BOM, CRLF, formulas defused there). */
export function saveCsvExport(file: { filename: string; content: string }): void {
  downloadText(file.filename, file.content, 'text/csv;charset=utf-8');
}
