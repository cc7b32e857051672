import { afterEach, describe, expect, it } from 'vitest';
import { COOKIE_DAYS, STORAGE_PREFIX } from '@kapu/contract';
import { rawCookie } from '@/test/cookies';
import { cookieName, ensureUuid, getCookie, removeCookie, setCookie } from './cookies';
import {
  LocalKeys,
  readAdminToken,
  readForbiddenMessage,
  readOtherToken,
  readUserToken,
  removeUserToken,
  setLoginLogFlag,
  takeLoginLogFlag,
  writeAdminPath,
  writeAdminToken,
  writeForbiddenMessage,
  writeOtherToken,
  writeUserToken,
} from './local';
import {
  closePageDb,
  currentUserKey,
  getPageData,
  openPageDb,
  PAGE_DB_NAME,
  PAGE_DB_STORES,
  readRecord,
  setPageData,
} from './page-db';
import { clearAdminSession, saveAdminSession, saveStaffRoles, staffRoleCookies } from './sessions';

describe('localStorage keys', () => {
  it('uses the spec names', () => {
    expect(LocalKeys).toMatchObject({
      token: 'token',
      adminToken: 'admin_token',
      otherToken: 'other_token',
      adminPath: 'admin_path',
      forbidden: '403',
    });
  });

  it('token and other_token are JSON {authCode}; admin_token a plain string', () => {
    writeUserToken('u');
    writeOtherToken('o');
    writeAdminToken('a');
    writeAdminPath('p4th');
    writeForbiddenMessage('无权限');
    expect(JSON.parse(localStorage.getItem('token') ?? '')).toEqual({ authCode: 'u' });
    expect(JSON.parse(localStorage.getItem('other_token') ?? '')).toEqual({ authCode: 'o' });
    expect(localStorage.getItem('admin_token')).toBe('a');
    expect(localStorage.getItem('admin_path')).toBe('p4th');
    expect(localStorage.getItem('403')).toBe('无权限');
    expect([readUserToken(), readOtherToken(), readAdminToken(), readForbiddenMessage()]).toEqual([
      'u',
      'o',
      'a',
      '无权限',
    ]);
    removeUserToken();
    expect(readUserToken()).toBeNull();
  });

  it('a malformed token is no session', () => {
    localStorage.setItem('token', 'not-json');
    expect(readUserToken()).toBeNull();
    localStorage.setItem('token', '{"authCode":""}');
    expect(readUserToken()).toBeNull();
  });

  it('the login-log flag is taken once', () => {
    expect(takeLoginLogFlag()).toBe(false);
    setLoginLogFlag();
    expect(takeLoginLogFlag()).toBe(true);
    expect(takeLoginLogFlag()).toBe(false);
  });
});

describe('cookies', () => {
  it('are named admin-kapu-<key>', () => {
    expect(STORAGE_PREFIX).toBe('admin-kapu-');
    for (const key of ['token-admin', 'u-query-day', 'verifyRole', 'roleIds', 'uuid'] as const) {
      expect(cookieName(key)).toBe(`admin-kapu-${key}`);
    }
  });

  it('are written with path / and a 7-day expiry', () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    if (!descriptor?.set || !descriptor.get) throw new Error('no cookie accessor');
    const { get, set } = descriptor;
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => get.call(document) as string,
      set: (value: string) => {
        writes.push(value);
        set.call(document, value);
      },
    });
    try {
      const before = Date.now();
      setCookie('roleIds', '1,2');
      expect(writes[0]).toMatch(/^admin-kapu-roleIds=1%2C2; expires=.+; path=\/;/);
      const expires = Date.parse(/expires=([^;]+)/.exec(writes[0])?.[1] ?? '');
      const days = (expires - before) / 86_400_000;
      expect(COOKIE_DAYS).toBe(7);
      expect(days).toBeGreaterThan(6.99);
      expect(days).toBeLessThanOrEqual(7.01);
    } finally {
      delete (document as { cookie?: string }).cookie;
    }
    expect(getCookie('roleIds')).toBe('1,2');
    removeCookie('roleIds');
    expect(getCookie('roleIds')).toBeUndefined();
  });

  it('creates one uuid cookie and keeps it', () => {
    const id = ensureUuid();
    expect(id).toMatch(/\S{8,}/);
    expect(rawCookie('admin-kapu-uuid')).toBe(id);
    expect(ensureUuid()).toBe(id);
  });

  it('admin login writes token-admin, roleIds (comma list) and verifyRole (0 = super admin)', () => {
    saveAdminSession('p4th', 'TOK');
    saveStaffRoles({ roleIds: [2, 7], verifyRole: true });
    expect(rawCookie('admin-kapu-token-admin')).toBe('TOK');
    expect(rawCookie('admin-kapu-roleIds')).toBe('2,7');
    expect(rawCookie('admin-kapu-verifyRole')).toBe('1');
    expect(localStorage.getItem('admin_path')).toBe('p4th');
    expect(staffRoleCookies({ roleIds: [], verifyRole: false })).toEqual({ roleIds: '', verifyRole: '0' });
    clearAdminSession();
    expect(rawCookie('admin-kapu-token-admin')).toBeUndefined();
    expect(localStorage.getItem('admin_token')).toBeNull();
  });
});

describe('IndexedDB page data', () => {
  afterEach(async () => {
    await closePageDb();
    await new Promise<void>((resolve) => {
      const request = indexedDB.deleteDatabase(PAGE_DB_NAME);
      request.onsuccess = () => resolve();
      request.onerror = () => resolve();
    });
  });

  it('is named admin-kapu with the sections sys and database', async () => {
    expect(PAGE_DB_NAME).toBe('admin-kapu');
    const db = await openPageDb();
    expect(db.name).toBe('admin-kapu');
    expect([...db.objectStoreNames].sort()).toEqual([...PAGE_DB_STORES].sort());
    expect([...db.objectStoreNames].sort()).toEqual(['database', 'sys']);
  });

  it('keys page data by user: public before a uuid exists, then the uuid', async () => {
    expect(currentUserKey()).toBe('public');
    await setPageData('myOrder', { status: 'paid' });
    expect(await getPageData('myOrder')).toEqual({ status: 'paid' });
    expect(await readRecord('database', 'public:myOrder')).toEqual({ status: 'paid' });

    setCookie('uuid', 'user-a');
    expect(await getPageData('myOrder')).toBeUndefined();
    await setPageData('myOrder', { status: 'all' });
    expect(await readRecord('database', 'user-a:myOrder')).toEqual({ status: 'all' });
    setCookie('uuid', 'user-b');
    expect(await getPageData('myOrder')).toBeUndefined();
    setCookie('uuid', 'user-a');
    expect(await getPageData('myOrder')).toEqual({ status: 'all' });
  });
});
