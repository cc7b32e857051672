import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isReservedAddress, outboundRequest, urlProblem } from './outbound.js';

describe('outbound requests to typed addresses', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/slow') {
        // A trickle: a byte every 200 ms, never finishing within the deadline.
        res.writeHead(200);
        const t = setInterval(() => res.write('x'), 200);
        req.on('close', () => clearInterval(t));
        return;
      }
      if (req.url === '/big') return res.end('y'.repeat(5000));
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => res.end(JSON.stringify({ method: req.method, body })));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('knows reserved addresses', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '192.168.0.1', '169.254.169.254', '::1', '::ffff:127.0.0.1', 'fd00::1'])
      expect(isReservedAddress(a), a).toBe(true);
    for (const a of ['1.1.1.1', '8.8.8.8', '2606:4700::1111']) expect(isReservedAddress(a), a).toBe(false);
    expect(urlProblem('ftp://x')).toBeTruthy();
    expect(urlProblem('http://u:p@example.com')).toBeTruthy();
    expect(urlProblem('https://example.com/a')).toBeNull();
  });

  it('refuses loopback for people unless trusted or allowed; posts and reads the answer', async () => {
    await expect(outboundRequest(`${base}/x`, { body: 'a=1' })).rejects.toMatchObject({ kind: 'refused' });
    await expect(outboundRequest(`http://localhost:${new URL(base).port}/x`, { body: 'a=1' })).rejects.toMatchObject({
      kind: 'refused',
    });
    const a = await outboundRequest(`${base}/x`, { body: 'a=1', trusted: true });
    expect(a.status).toBe(200);
    expect(JSON.parse(a.body)).toEqual({ method: 'POST', body: 'a=1' });
    const b = await outboundRequest(`http://localhost:${new URL(base).port}/y`, { hosts: 'any' });
    expect(JSON.parse(b.body)).toEqual({ method: 'GET', body: '' });
  });

  it('cuts a slow trickle at the deadline and a huge answer at the size bound', async () => {
    const started = Date.now();
    await expect(outboundRequest(`${base}/slow`, { hosts: 'any', timeoutMs: 700 })).rejects.toMatchObject({
      kind: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(outboundRequest(`${base}/big`, { hosts: 'any', maxBytes: 1000 })).rejects.toMatchObject({
      kind: 'too-large',
    });
    await expect(outboundRequest('http://127.0.0.1:1/', { hosts: 'any' })).rejects.toMatchObject({ kind: 'network' });
  });
});
