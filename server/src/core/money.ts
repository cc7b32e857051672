/**
 * Money is integer fen everywhere (floats lose fen in sums). These are the only two
 * conversions between fen and the yuan strings people type and read.
 */
const YUAN = /^(0|[1-9]\d{0,11})(\.\d{1,2})?$/;

/** Parses a yuan amount like "12", "12.5" or "12.50" into fen; undefined when malformed. */
export function yuanToFen(input: string | number): number | undefined {
  const text = typeof input === 'number' ? String(input) : input.trim();
  if (!YUAN.test(text)) return undefined;
  const [whole, frac = ''] = text.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** Formats fen as yuan with exactly two decimals: 1234 → "12.34", -5 → "-0.05". */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`fen must be a safe integer, got ${fen}`);
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
