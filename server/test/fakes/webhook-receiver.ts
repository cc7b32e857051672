import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A webhook receiver on loopback, as a member's integration would run one: it verifies
 * `X-Kapu-Signature` (sha256= hex HMAC-SHA256 of `${X-Kapu-Timestamp}.${raw body}` under the secret
 * it was given) and answers as told, in order: 'ok' (200 JSON), 'fail' (500), 'html' (502 with a
 * long HTML page and control characters), 'garbage' (200 with binary noise), 'hang' (never
 * answers), 'trickle' (sends headers, then a byte every 300 ms, never ending). After the queue, 'ok'.
 */
export type ReceiverMode = 'ok' | 'fail' | 'html' | 'garbage' | 'hang' | 'trickle';

export interface ReceivedHook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The signature checked out under the receiver's secret (false when none is set). */
  verified: boolean;
  answeredWith: ReceiverMode;
}

export function verifySignature(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const ts = String(headers['x-kapu-timestamp'] ?? '');
  const given = String(headers['x-kapu-signature'] ?? '');
  const want = `sha256=${createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex')}`;
  return given.length === want.length && timingSafeEqual(Buffer.from(given), Buffer.from(want));
}

export async function startWebhookReceiver() {
  const received: ReceivedHook[] = [];
  const queues = new Map<string, ReceiverMode[]>();
  const secrets = new Map<string, string>();
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const secret = secrets.get(path);
      const mode = queues.get(path)?.shift() ?? 'ok';
      received.push({
        path,
        headers: req.headers,
        body,
        verified: secret ? verifySignature(secret, req.headers, body) : false,
        answeredWith: mode,
      });
      answer(res, mode);
    });
  });
  function answer(res: ServerResponse, mode: ReceiverMode) {
    if (mode === 'ok') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ received: true }));
    }
    if (mode === 'fail') {
      res.writeHead(500, { 'content-type': 'text/plain' });
      return res.end('internal error, try later');
    }
    if (mode === 'html') {
      res.writeHead(502, { 'content-type': 'text/html' });
      return res.end(`<html>\u0000\u0007<body><h1>502 Bad Gateway</h1>${'<p>nginx</p>'.repeat(200)}</body></html>`);
    }
    if (mode === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      return res.end(Buffer.from([0, 1, 2, 0xff, 0xfe, 0x1b, 0x5b, 0x33, 0x31, 0x6d, 0x41, 0x7f, 0x0c]));
    }
    if (mode === 'trickle') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const t = setInterval(() => res.write('.'), 300);
      timers.add(t);
      res.on('close', () => clearInterval(t));
      return;
    }
    // hang: never answer
  }
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    /** The secret the receiver checks signatures of `path` with. */
    trust(path: string, secret: string) {
      secrets.set(path, secret);
    },
    /** The next answers to `path`, in order. */
    next(path: string, ...modes: ReceiverMode[]) {
      queues.set(path, [...(queues.get(path) ?? []), ...modes]);
    },
    for: (path: string) => received.filter((r) => r.path === path),
    async close() {
      for (const t of timers) clearInterval(t);
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
