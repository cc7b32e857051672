// Building an Intl formatter is costly, and formatting with one still shows in profiles of
// order pages (several dates per order): Intl only finds the zone's UTC offset, once per
// quarter hour of time, and the digits are written by hand.
const formatters = new Map<string, Intl.DateTimeFormat>();
/**
 * Per zone, the UTC offset of each quarter hour formatted (old orders' too), emptied when it holds
 * MAX_QUARTERS. An offset never changes, so no order of use is kept: a hit writes nothing (a list
 * of 20 messages reads 60 dates, and moving each hit to the end made the map's table grow again and
 * again, in the old generation).
 */
const offsets = new Map<string, Map<number, number>>();
const MAX_QUARTERS = 10_000;
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
  const quarter = Math.floor(ms / QUARTER_HOUR);
  let zone = offsets.get(timeZone);
  if (!zone) offsets.set(timeZone, (zone = new Map()));
  let offset = zone.get(quarter);
  if (offset === undefined) {
    const start = quarter * QUARTER_HOUR;
    const [date, clock] = intlFormatter(timeZone).format(new Date(start)).split(' ');
    const [y, mo, d] = date.split('-').map(Number);
    const [h, mi, s] = clock.split(':').map(Number);
    offset = Date.UTC(y, mo - 1, d, h % 24, mi, s) - start;
    if (zone.size >= MAX_QUARTERS) zone.clear();
    zone.set(quarter, offset);
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
