import type { FastifyInstance } from 'fastify';
import { safeEqual } from '../../core/crypto.js';
import { takeSignatureOnce } from '../openapi/index.js';
import type { ConnectionsService } from './connections.js';
import { PUSH_PATH } from './connections.js';
import type { DockedGoodsService } from './docked-goods.js';
import { KAPU_VERSION, kapuSignature, yuanToFenLoose } from './drivers/kapu.js';

const SKEW_SECONDS = 300;

/**
 * The goods-change push receiver (OPEN-API.md, Callbacks): the upstream POSTs `{goodsId, price,
 * status, stock}` to the URL it was given, signed like API requests (X-APP-ID, X-Version,
 * X-Timestamp, X-Signature = md5(appId + appSecret + version + timestamp + rawBody)) with the
 * connection's credentials; the signature is checked on the raw bytes, in constant time, within
 * 300 s, and a signature is taken once
 * across instances (the open API's signature table). Answers `ok` (the receiver's word in the protocol).
 */
export function registerDockingPush(
  app: FastifyInstance,
  connections: ConnectionsService,
  goods: DockedGoodsService,
  db: import('../../core/db/connect.js').Db,
): void {
  void app.register(async (scoped) => {
    scoped.removeAllContentTypeParsers();
    scoped.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scoped.post(`${PUSH_PATH}:token`, async (req, reply) => {
      const refuse = (msg: string) => reply.code(403).type('text/plain').send(msg);
      const token = (req.params as { token: string }).token;
      const c = await db
        .selectFrom('docking_connections')
        .selectAll()
        .where('push_token', '=', token)
        .executeTakeFirst();
      if (!c || c.protocol !== 'kapu') return refuse('unknown');
      const raw = typeof req.body === 'string' ? req.body : '';
      const h = req.headers;
      const appId = String(h['x-app-id'] ?? '');
      const ts = String(h['x-timestamp'] ?? '');
      const sig = String(h['x-signature'] ?? '').toLowerCase();
      const version = String(h['x-version'] ?? KAPU_VERSION);
      if (!/^\d{10}$/.test(ts) || Math.abs(Number(ts) - Math.floor(Date.now() / 1000)) > SKEW_SECONDS)
        return refuse('timestamp');
      const endpoint = connections.endpointOf(c);
      const expected = kapuSignature(endpoint.appId, endpoint.secret, ts, raw);
      if (appId !== c.app_id || version !== KAPU_VERSION || !safeEqual(expected, sig)) return refuse('signature');
      // Taken once across every instance (a replayed older push must not undo a newer one).
      const expiresAt = (Number(ts) + SKEW_SECONDS + 60) * 1000;
      if (!(await takeSignatureOnce(db, `dock-push:${c.id}`, sig, expiresAt))) return refuse('replayed');
      let body: Record<string, unknown>;
      try {
        const parsed = JSON.parse(raw) as unknown;
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return reply.code(400).send('bad body');
        body = parsed as Record<string, unknown>;
      } catch {
        return reply.code(400).send('bad body');
      }
      const ref = body.goodsId === undefined || body.goodsId === null ? '' : String(body.goodsId);
      if (!ref) return reply.code(400).send('bad body');
      const stock =
        body.stock === undefined
          ? undefined
          : body.stock === null
            ? null
            : Math.max(0, Math.trunc(Number(body.stock)) || 0);
      const status = body.status === undefined ? undefined : Number(body.status) === 1;
      await goods.applyPush(c.id, { ref, cost: yuanToFenLoose(body.price), stock, onSale: status });
      return reply.type('text/plain').send('ok');
    });
  });
}
