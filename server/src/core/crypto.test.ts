import { describe, expect, it } from 'vitest';
import { hashPassword, randomAlnum, randomToken, safeEqual, sha256, verifyPassword } from './crypto.js';

describe('passwords and tokens', () => {
  it('hashes with scrypt and a salt, and verifies', async () => {
    const a = await hashPassword('abc12345');
    const b = await hashPassword('abc12345');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('abc12345', a)).toBe(true);
    expect(await verifyPassword('abc12346', a)).toBe(false);
    expect(await verifyPassword('abc12345', 'md5$whatever')).toBe(false);
  });

  it('makes long random tokens and stores only their hash', () => {
    const t = randomToken();
    expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken()).not.toBe(t);
    expect(sha256(t)).toHaveLength(64);
  });

  it('makes random paths without look-alike characters', () => {
    const s = randomAlnum(200);
    expect(s).toHaveLength(200);
    expect(s).not.toMatch(/[0O1lI]/);
  });

  it('compares in constant time with length check', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });
});
