import { describe, expect, it } from 'vitest';
import { reminderDue } from './expiry.js';
import { siteIsServing, siteMachine, siteRefusal } from './site-machine.js';

const DAY = 86_400_000;
const now = Date.UTC(2026, 5, 1);

describe('site expiry rules', () => {
  it('the reminder due is the smallest of 7 / 3 / 1 days reached, once each', () => {
    expect(reminderDue(now + 8 * DAY, now, null)).toBeNull();
    expect(reminderDue(now + 7 * DAY, now, null)).toBe(7);
    expect(reminderDue(now + 5 * DAY, now, 7)).toBeNull();
    expect(reminderDue(now + 2 * DAY, now, 7)).toBe(3);
    expect(reminderDue(now + 2 * DAY, now, null)).toBe(3);
    expect(reminderDue(now + DAY / 2, now, 3)).toBe(1);
    expect(reminderDue(now + DAY / 2, now, 1)).toBeNull();
    expect(reminderDue(now - DAY, now, null)).toBeNull();
  });

  it('the site machine: owner close/open, staff suspend/resume, expiry and renewal', () => {
    expect(siteMachine.can('active', 'closed')).toBe(true);
    expect(siteMachine.can('closed', 'active')).toBe(true);
    expect(siteMachine.can('closed', 'suspended')).toBe(true);
    expect(siteMachine.can('suspended', 'active')).toBe(true);
    expect(siteMachine.can('suspended', 'closed')).toBe(false);
    expect(siteMachine.can('expired', 'active')).toBe(true);
    expect(siteMachine.can('expired', 'closed')).toBe(false);
    expect(siteMachine.can('suspended', 'expired')).toBe(false);
  });

  it('only an active site serves; the others say why', () => {
    expect(siteIsServing({ status: 'active' })).toBe(true);
    expect(siteRefusal('suspended')).toBe('suspended');
    expect(siteRefusal('expired')).toBe('expired');
    expect(siteIsServing({ status: 'closed' })).toBe(false);
  });
});
