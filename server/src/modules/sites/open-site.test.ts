import { describe, expect, it } from 'vitest';
import { periodEnd, renewedEnd, upgradeCredit } from './open-site.js';

const DAY = 86_400_000;
const now = Date.UTC(2026, 0, 1);

describe('site periods and the upgrade credit', () => {
  it('a period ends 30 / 365 days on; permanent never', () => {
    expect(periodEnd('month', now)).toBe(now + 30 * DAY);
    expect(periodEnd('year', now)).toBe(now + 365 * DAY);
    expect(periodEnd('forever', now)).toBeNull();
  });

  it('a renewal extends from the later of now and the current end', () => {
    expect(renewedEnd('month', now + 10 * DAY, now)).toBe(now + 40 * DAY);
    expect(renewedEnd('month', now - 5 * DAY, now)).toBe(now + 30 * DAY);
    expect(renewedEnd('year', null, now)).toBe(now + 365 * DAY);
    expect(renewedEnd('forever', now + DAY, now)).toBeNull();
  });

  it('credits the remaining time pro rata, floored to the fen', () => {
    expect(upgradeCredit(3_000, 'month', now + 15 * DAY, now)).toBe(1_500);
    expect(upgradeCredit(1_000, 'month', now + 10 * DAY, now)).toBe(333);
    expect(upgradeCredit(36_500, 'year', now + 100 * DAY, now)).toBe(10_000);
    // Renewed twice: two periods left are worth two periods.
    expect(upgradeCredit(3_000, 'month', now + 60 * DAY, now)).toBe(6_000);
  });

  it('permanent credits all it paid; an ended period nothing', () => {
    expect(upgradeCredit(50_000, 'forever', null, now)).toBe(50_000);
    expect(upgradeCredit(3_000, 'month', now - DAY, now)).toBe(0);
    expect(upgradeCredit(0, 'month', now + DAY, now)).toBe(0);
    expect(upgradeCredit(3_000, null, now + DAY, now)).toBe(0);
  });
});
