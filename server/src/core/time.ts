// Building an Intl formatter is costly (it showed in profiles of order pages): one per zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Formats an epoch-ms instant as "YYYY-MM-DD HH:mm:ss" in the configured zone. */
export function formatDateTime(ms: number, timeZone: string): string {
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
  return f.format(new Date(ms));
}

/** Epoch ms of the start of the day containing `ms`, in the zone (for "today" counts). */
export function startOfDay(ms: number, timeZone: string): number {
  const local = formatDateTime(ms, timeZone); // "YYYY-MM-DD HH:mm:ss"
  const [h, m, s] = local.slice(11).split(':').map(Number);
  return ms - ((h * 60 + m) * 60 + s) * 1000 - (ms % 1000);
}
