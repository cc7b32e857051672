import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A downstream shop's callback receiver on loopback, as the 卡易信 3.0 shape has it: a signed JSON
 * POST (X-APP-ID, X-Version, X-Timestamp, X-Signature = md5(appId + secret + version + timestamp +
 * body)); it checks the signature with the secret it was given and answers `ok`, or fails the first
 * `failFirst` posts (HTTP 500) as a busy receiver does.
 */
export interface ReceivedPost {
  path: string;
  body: Record<string, unknown>;
  signatureValid: boolean;
  at: number;
}

export async function startOpenApiReceiver(opts: { appId: string; secret: string; failFirst?: number }) {
  const posts: ReceivedPost[] = [];
  let attempts = 0;
  let failLeft = opts.failFirst ?? 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      attempts++;
      const raw = Buffer.concat(chunks).toString('utf8');
      const h = (n: string) => String(req.headers[n] ?? '');
      const expected = createHash('md5')
        .update(`${h('x-app-id')}${opts.secret}${h('x-version')}${h('x-timestamp')}${raw}`)
        .digest('hex');
      if (failLeft > 0) {
        failLeft--;
        res.writeHead(500);
        res.end('busy');
        return;
      }
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        res.writeHead(400);
        res.end('bad json');
        return;
      }
      const signatureValid = h('x-app-id') === opts.appId && expected === h('x-signature');
      posts.push({ path: req.url ?? '/', body, signatureValid, at: Date.now() });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(signatureValid ? 'ok' : 'bad sign');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/notify') => `http://127.0.0.1:${port}${path}`,
    posts,
    attempts: () => attempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
