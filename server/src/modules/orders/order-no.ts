import { randomInt } from 'node:crypto';

/**
 * Order numbers: UTC time to the millisecond (17 digits, so they sort by time) then 12 random
 * digits (~40 bits), so nobody can guess a neighbour's number. Lookups still need a password
 * or the contact; the number alone opens nothing.
 */
export function newOrderNo(now = Date.now()): string {
  const d = new Date(now);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  const time = `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}${p(d.getUTCMilliseconds(), 3)}`;
  return time + p(randomInt(0, 1_000_000), 6) + p(randomInt(0, 1_000_000), 6);
}
