import { randomInt } from 'node:crypto';

/** Transfer / withdrawal / promotion collect numbers: a letter, UTC time to the ms (sorts by time), 8 random digits. */
export function newFundsNo(prefix: 'T' | 'W' | 'P', now = Date.now()): string {
  const d = new Date(now);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  const time = `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}${p(d.getUTCMilliseconds(), 3)}`;
  return `${prefix}${time}${p(randomInt(0, 100_000_000), 8)}`;
}
