import { formatDateTime, startOfDay } from '../../core/time.js';

/** Epoch-ms bounds [start, end) of a calendar day "YYYY-MM-DD" in the zone (DST-safe). */
export function dayBounds(day: string, timeZone: string): { start: number; end: number } {
  const [y, m, d] = day.split('-').map(Number);
  const start = startOfDay(Date.UTC(y, m - 1, d, 12), timeZone);
  const end = startOfDay(start + 36 * 3_600_000, timeZone);
  return { start, end };
}

/** "YYYY-MM-DD" of an instant in the zone. */
export function dayOf(ms: number, timeZone: string): string {
  return formatDateTime(ms, timeZone).slice(0, 10);
}

/** The day after "YYYY-MM-DD". */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** Masks a name for a confirmation: 张三 → 张*, 张小三 → 张*三, alice → a***e. */
export function maskName(name: string): string {
  const chars = Array.from(name.trim());
  if (chars.length === 0) return '*';
  if (chars.length === 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(Math.min(chars.length - 2, 6))}${chars[chars.length - 1]}`;
}

/** Shows the last four digits of a card number / the edges of an account: 6222********1234, a***@qq.com. */
export function maskAccount(account: string): string {
  if (/^\d{12,19}$/.test(account)) return `${account.slice(0, 4)} **** **** ${account.slice(-4)}`;
  if (/^1\d{10}$/.test(account)) return `${account.slice(0, 3)}****${account.slice(-4)}`;
  const at = account.indexOf('@');
  if (at > 0) return `${maskName(account.slice(0, at))}${account.slice(at)}`;
  return maskName(account);
}
