import { describe, expect, it } from 'vitest';
import { setCookie } from '../storage/cookies';
import { writeAdminToken, writeUserToken } from '../storage/local';
import {
  currentGuardEnv,
  guardRedirect,
  loginRedirect,
  parseRoleIds,
  roleAllows,
  safeRedirect,
  type GuardEnv,
} from './route-guards';

const none: GuardEnv = {
  userToken: null,
  adminToken: null,
  tokenAdminCookie: undefined,
  verifyRole: undefined,
  roleIds: undefined,
};
const target = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('login flag', () => {
  it('redirects to /login with the full path including the query when there is no token', () => {
    const to = guardRedirect({ login: true }, target('/inside/myOrder', '?page=2&status=paid'), none);
    expect(to).toBe('/login?redirect=%2Finside%2FmyOrder%3Fpage%3D2%26status%3Dpaid');
    expect(new URLSearchParams(to!.split('?')[1]).get('redirect')).toBe('/inside/myOrder?page=2&status=paid');
  });

  it('keeps the hash in the redirect too', () => {
    expect(loginRedirect(target('/inside/index', '', '#x'))).toBe('/login?redirect=%2Finside%2Findex%23x');
  });

  it('lets the navigation through with a token', () => {
    expect(guardRedirect({ login: true }, target('/inside/myOrder'), { ...none, userToken: 'abc' })).toBeNull();
  });

  it('reads the token from localStorage token = JSON {authCode}', () => {
    expect(currentGuardEnv().userToken).toBeNull();
    writeUserToken('u-1');
    expect(localStorage.getItem('token')).toBe('{"authCode":"u-1"}');
    expect(currentGuardEnv().userToken).toBe('u-1');
  });

  it('routes without flags never redirect', () => {
    expect(guardRedirect({}, target('/chadan'), none)).toBeNull();
  });
});

describe('auth flag (spec §6, intent reading)', () => {
  const admin: GuardEnv = { ...none, adminToken: 'adm', tokenAdminCookie: 'adm', verifyRole: '0', roleIds: '' };

  it('goes to the admin login of the first path segment when the token-admin cookie is absent', () => {
    expect(
      guardRedirect({ auth: true }, target('/secret42/dashboard'), { ...admin, tokenAdminCookie: undefined }),
    ).toBe('/secret42/index');
  });

  it('also goes there when the cookie is present but admin_token is missing', () => {
    expect(guardRedirect({ auth: true }, target('/secret42/members'), { ...admin, adminToken: null })).toBe(
      '/secret42/index',
    );
  });

  it('an empty cookie counts as absent', () => {
    expect(guardRedirect({ auth: true }, target('/secret42/members'), { ...admin, tokenAdminCookie: '' })).toBe(
      '/secret42/index',
    );
  });

  it('lets a present cookie + token through (not the inverted reading)', () => {
    expect(guardRedirect({ auth: true, roleId: 3 }, target('/secret42/staff'), admin)).toBeNull();
  });

  it('super admin (verifyRole 0) skips the roleIds check', () => {
    expect(
      guardRedirect({ auth: true, roleId: 9 }, target('/p/payments'), { ...admin, verifyRole: '0', roleIds: '' }),
    ).toBeNull();
  });

  it('other staff need the route roleId in the roleIds cookie, else /403', () => {
    const staff = { ...admin, verifyRole: '1', roleIds: '2,7,10' };
    expect(guardRedirect({ auth: true, roleId: 7 }, target('/p/goods'), staff)).toBeNull();
    expect(guardRedirect({ auth: true, roleId: 9 }, target('/p/payments'), staff)).toBe('/403');
  });

  it('empty roleIds → /403 for non-super staff', () => {
    expect(
      guardRedirect({ auth: true, roleId: 2 }, target('/p/members'), { ...admin, verifyRole: '1', roleIds: '' }),
    ).toBe('/403');
    expect(
      guardRedirect({ auth: true, roleId: 2 }, target('/p/members'), {
        ...admin,
        verifyRole: undefined,
        roleIds: undefined,
      }),
    ).toBe('/403');
  });

  it('does not match a roleId by substring (1 is not in "10,11")', () => {
    expect(roleAllows(1, { verifyRole: '1', roleIds: '10,11' })).toBe(false);
    expect(parseRoleIds(' 3, ,4 ')).toEqual(['3', '4']);
  });

  it('reads the prefixed cookies and admin_token from the browser', () => {
    setCookie('token-admin', 'tok');
    setCookie('verifyRole', '1');
    setCookie('roleIds', '5,6');
    writeAdminToken('tok');
    expect(localStorage.getItem('admin_token')).toBe('tok');
    expect(currentGuardEnv()).toMatchObject({
      adminToken: 'tok',
      tokenAdminCookie: 'tok',
      verifyRole: '1',
      roleIds: '5,6',
    });
    expect(guardRedirect({ auth: true, roleId: 6 }, target('/p/audit'), currentGuardEnv())).toBeNull();
    expect(guardRedirect({ auth: true, roleId: 4 }, target('/p/settings'), currentGuardEnv())).toBe('/403');
  });
});

describe('safeRedirect', () => {
  it('accepts in-site paths only', () => {
    expect(safeRedirect('/inside/myOrder?a=1', '/inside/index')).toBe('/inside/myOrder?a=1');
    expect(safeRedirect('//evil.example', '/inside/index')).toBe('/inside/index');
    expect(safeRedirect('https://evil.example', '/inside/index')).toBe('/inside/index');
    expect(safeRedirect(null, '/inside/index')).toBe('/inside/index');
  });
});
