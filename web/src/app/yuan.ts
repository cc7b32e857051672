/** Fen → yuan text with two decimals and no sign of currency ("1234.50"): form values and CSV cells. */
export function fenToYuanText(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** What the server's yuan fields accept: up to 10 digits, at most two decimals. */
export const YUAN_TEXT = /^(0|[1-9]\d{0,9})(\.\d{1,2})?$/;
