import { describe, expect, it } from 'vitest';
import { formatDateTime, startOfDay } from './time.js';

describe('dates shown to people', () => {
  const instant = Date.UTC(2026, 10, 21, 18, 5, 9); // 2026-11-22 02:05:09 in Shanghai
  it('formats YYYY-MM-DD HH:mm:ss in the configured zone', () => {
    expect(formatDateTime(instant, 'Asia/Shanghai')).toBe('2026-11-22 02:05:09');
    expect(formatDateTime(instant, 'UTC')).toBe('2026-11-21 18:05:09');
  });
  it('finds the start of the local day', () => {
    expect(formatDateTime(startOfDay(instant + 123, 'Asia/Shanghai'), 'Asia/Shanghai')).toBe('2026-11-22 00:00:00');
  });
});
