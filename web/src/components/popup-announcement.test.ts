import { describe, expect, it } from 'vitest';
import { markPopupSeen, popupSeen } from './popup-announcement';

describe('popup announcement once per browser', () => {
  it('is unseen until closed, then seen; an edited or new announcement shows again', () => {
    localStorage.clear();
    const a = { id: 3, updatedAt: '2025-01-01 10:00:00' };
    expect(popupSeen(a)).toBe(false);
    markPopupSeen(a);
    expect(popupSeen(a)).toBe(true);
    expect(popupSeen({ ...a, updatedAt: '2025-01-02 10:00:00' })).toBe(false);
    expect(popupSeen({ id: 4, updatedAt: a.updatedAt })).toBe(false);
  });
});
