import { describe, expect, it } from 'vitest';
import { addressOf } from './ip-geo.js';
import { areaOf } from './context.js';

describe('area by first path segment', () => {
  it.each([
    ['/__admin/auth/login', 'admin'],
    ['/__admin', 'admin'],
    ['/other/auth/login', 'user'.replace('user', 'other')],
    ['/inside/inter/getAccount', 'user'],
    ['/others/x', 'user'],
    ['/user/login?x=1', 'user'],
    ['/__adminx/y', 'user'],
  ])('%s → %s', (url, area) => expect(areaOf(url)).toBe(area));
});

describe('IP address to place (offline ip2region)', () => {
  it('names Chinese places and carriers', () => {
    expect(addressOf('120.24.78.68')).toContain('深圳');
  });
  it('labels loopback and private addresses', () => {
    expect(addressOf('127.0.0.1')).toBe('本机地址');
    expect(addressOf('::ffff:127.0.0.1')).toBe('本机地址');
    expect(addressOf('192.168.1.5')).toBe('局域网');
  });
  it('never throws on garbage', () => {
    expect(typeof addressOf('not-an-ip')).toBe('string');
  });
});
