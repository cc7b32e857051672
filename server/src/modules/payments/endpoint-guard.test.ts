import { describe, expect, it } from 'vitest';
import { configEndpointProblem, endpointProblem, isReservedAddress } from './endpoint-guard.js';

describe('addresses a site owner’s gateway account may name (decision 0010)', () => {
  it('refuses loopback, private, link-local, shared and reserved addresses, v4, v6 and v4-mapped', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.9',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not-an-address',
    ])
      expect(isReservedAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isReservedAddress(a), a).toBe(false);
  });

  it('answers why in Chinese, and nothing for a public address', async () => {
    expect(await endpointProblem('http://127.0.0.1:8080/')).toContain('内网');
    expect(await endpointProblem('https://[::1]/submit.php')).toContain('内网');
    expect(await endpointProblem('http://localhost:3000')).toContain('本机');
    expect(await endpointProblem('ftp://8.8.8.8/')).toContain('http');
    expect(await endpointProblem('no url')).toContain('http');
    expect(await endpointProblem('https://8.8.8.8/')).toBeNull();
  });

  it('checks the address fields of each gateway, and leaves an empty one to the gateway’s default', async () => {
    expect(await configEndpointProblem('epay_v1', { baseUrl: 'http://10.0.0.5/' })).toContain('内网');
    expect(await configEndpointProblem('alipay', { gateway: 'http://192.168.0.2/gateway.do' })).toContain('内网');
    expect(await configEndpointProblem('alipay', { gateway: '' })).toBeNull();
    expect(await configEndpointProblem('epay_v2', { baseUrl: 'https://1.1.1.1/' })).toBeNull();
  });
});
