import { describe, expect, it } from 'vitest';
import { writeAdminPath, writeAdminToken, writeOtherToken, writeUserToken } from '../storage/local';
import { authorizationFor, type StoredCredentials } from './authorization';

const stored: StoredCredentials = { adminPath: 'kp8x2', adminToken: 'ADMIN', otherToken: 'OTHER', userToken: 'USER' };

describe('Authorization by the first segment of the request URL', () => {
  it('stored admin path → admin_token', () => {
    expect(authorizationFor('/kp8x2/dashboard/summary', stored)).toBe('ADMIN');
    expect(authorizationFor('kp8x2/auth/me', stored)).toBe('ADMIN');
    expect(authorizationFor('http://shop.example/kp8x2/auth/me?x=1', stored)).toBe('ADMIN');
  });

  it('"other" → other_token.authCode', () => {
    expect(authorizationFor('/other/auth/me', stored)).toBe('OTHER');
  });

  it('anything else → token.authCode', () => {
    expect(authorizationFor('/inside/inter/getAccount', stored)).toBe('USER');
    expect(authorizationFor('/site/info', stored)).toBe('USER');
    expect(authorizationFor('/kp8x2x/auth/me', stored)).toBe('USER');
  });

  it('an empty stored admin path never matches (a URL with no segment stays a user call)', () => {
    expect(authorizationFor('/', { ...stored, adminPath: '' })).toBe('USER');
    expect(authorizationFor('/kp8x2/auth/me', { ...stored, adminPath: '' })).toBe('USER');
  });

  it('reads the real storage: admin_token plain, other_token and token as JSON {authCode}', () => {
    writeAdminPath('secret');
    writeAdminToken('a-1');
    writeOtherToken('o-1');
    writeUserToken('u-1');
    expect(localStorage.getItem('admin_path')).toBe('secret');
    expect(localStorage.getItem('other_token')).toBe('{"authCode":"o-1"}');
    expect(authorizationFor('/secret/auth/me')).toBe('a-1');
    expect(authorizationFor('/other/auth/me')).toBe('o-1');
    expect(authorizationFor('/user/logout')).toBe('u-1');
  });

  it('no session → empty', () => {
    expect(authorizationFor('/inside/inter/getAccount')).toBe('');
  });
});
