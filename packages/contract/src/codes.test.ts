import { describe, expect, it } from 'vitest';
import { Codes, messageOf } from './codes.js';

describe('the code catalogue', () => {
  it('has unique codes, each with a Chinese message', () => {
    const all = Object.values(Codes);
    expect(new Set(all.map((c) => c.code)).size).toBe(all.length);
    for (const c of all) expect(c.msg).toMatch(/[\u4e00-\u9fa5]/);
  });
  it('keeps the spec codes', () => {
    expect(Codes.SUCCESS.code).toBe(1000);
    expect([
      Codes.ADMIN_SESSION_ENDED.code,
      Codes.USER_SESSION_ENDED.code,
      Codes.OTHER_SESSION_ENDED.code,
      Codes.FORBIDDEN.code,
    ]).toEqual([-1, -2, -3, 403]);
    expect(messageOf(3001)).toBe('库存不足');
  });
});
