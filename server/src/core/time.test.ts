import { describe, expect, it } from 'vitest';
import { formatDateTime, startOfDay } from './time.js';

/** What Intl says, the reference the fast path must match. */
const viaIntl = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(new Date(ms));

describe('dates shown to people', () => {
  const instant = Date.UTC(2026, 10, 21, 18, 5, 9); // 2026-11-22 02:05:09 in Shanghai
  it('formats YYYY-MM-DD HH:mm:ss in the configured zone', () => {
    expect(formatDateTime(instant, 'Asia/Shanghai')).toBe('2026-11-22 02:05:09');
    expect(formatDateTime(instant, 'UTC')).toBe('2026-11-21 18:05:09');
  });
  it('finds the start of the local day', () => {
    expect(formatDateTime(startOfDay(instant + 123, 'Asia/Shanghai'), 'Asia/Shanghai')).toBe('2026-11-22 00:00:00');
  });
  it('matches Intl around daylight-saving changes and in zones with odd offsets', () => {
    const zones = [
      'Asia/Shanghai',
      'America/New_York',
      'Europe/London',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'Pacific/Chatham',
      'America/St_Johns',
    ];
    // Every 7 minutes 13 seconds across two DST changes of 2026 (March, April, October, November).
    const starts = [
      Date.UTC(2026, 2, 7),
      Date.UTC(2026, 2, 27),
      Date.UTC(2026, 3, 4),
      Date.UTC(2026, 9, 24),
      Date.UTC(2026, 10, 0),
    ];
    for (const zone of zones) {
      for (const start of starts) {
        for (let ms = start; ms < start + 3 * 86_400_000; ms += 433_000)
          expect(formatDateTime(ms, zone), `${zone} ${ms}`).toBe(viaIntl(ms, zone));
      }
    }
  });
});
