import { LruMap } from './lru.js';

// Building an Intl formatter is costly, and formatting with one still shows in profiles of
// order pages (several dates per order): Intl only finds the zone's UTC offset, once per
// quarter hour of time, and the digits are written by hand.
const formatters = new Map<string, Intl.DateTimeFormat>();
/** Quarter hours of every date ever formatted (old orders too): the recent ones are kept. */
const offsets = new LruMap<string, number>(20_000);
const QUARTER_HOUR = 15 * 60_000;

function intlFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // sv-SE is the locale whose default form is ISO-like "2026-11-22 10:00:00".
    f = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: false,
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * The zone's offset from UTC in ms at `ms`. Every zone's offset is a multiple of 15 minutes
 * and changes only at a whole or half hour of local time, so it is constant within each
 * quarter hour of UTC: one Intl call per quarter hour and zone.
 */
function offsetAt(ms: number, timeZone: string): number {
  const bucket = Math.floor(ms / QUARTER_HOUR) * QUARTER_HOUR;
  const key = `${timeZone}|${bucket}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const [date, clock] = intlFormatter(timeZone).format(new Date(bucket)).split(' ');
    const [y, mo, d] = date.split('-').map(Number);
    const [h, mi, s] = clock.split(':').map(Number);
    offset = Date.UTC(y, mo - 1, d, h % 24, mi, s) - bucket;
    if (offsets.size >= 10_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Formats an epoch-ms instant as "YYYY-MM-DD HH:mm:ss" in the configured zone. */
export function formatDateTime(ms: number, timeZone: string): string {
  const t = new Date(ms + offsetAt(ms, timeZone));
  const y = t.getUTCFullYear();
  if (y < 1000 || y > 9999) return intlFormatter(timeZone).format(new Date(ms));
  return `${y}-${two(t.getUTCMonth() + 1)}-${two(t.getUTCDate())} ${two(t.getUTCHours())}:${two(t.getUTCMinutes())}:${two(t.getUTCSeconds())}`;
}

/** Epoch ms of the start of the day containing `ms`, in the zone (for "today" counts). */
export function startOfDay(ms: number, timeZone: string): number {
  const local = formatDateTime(ms, timeZone); // "YYYY-MM-DD HH:mm:ss"
  const [h, m, s] = local.slice(11).split(':').map(Number);
  return ms - ((h * 60 + m) * 60 + s) * 1000 - (ms % 1000);
}
