import { Codes, OPENAPI_SKEW_SECONDS, OPENAPI_VERSION, type CodeName } from '@kapu/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Insertable } from 'kysely';
import type { OpenApiCallsTable } from './tables.js';
import { ZodError } from 'zod';
import { isBusinessError } from '../../core/errors.js';
import type { Deps } from '../../deps.js';
import { callerContext, openApiEndpoints, type OpenApiPorts } from './endpoints.js';
import { ipAllowed, openApiCredentials } from './keys.js';
import { signRequest, signatureMatches, timestampFresh } from './signature.js';
import { takeSignatureOnce } from './nonces.js';

/** Calls one app id may make per minute (all paths together). */
export const OPENAPI_CALLS_PER_MINUTE = 3000;
export const OPENAPI_PREFIX = '/openapi/';

interface Answer {
  code: number;
  msg: string;
  data: unknown;
}
const fail = (name: CodeName, msg?: string, data: unknown = null): Answer => ({
  code: Codes[name].code,
  msg: msg ?? Codes[name].msg,
  data,
});

/**
 * `POST /openapi/{path}` (decision 0014): the 卡易信 3.0 request shape. The body is kept as the
 * bytes sent (its own content-type parser in this scope), checked against the signature, the
 * timestamp window and the seen signatures, then parsed; every answer is `{code, msg, data}` with
 * HTTP 200, every failure a catalogued code. Calls of a known key are logged (no bodies, no secrets).
 */
export async function registerOpenApiGateway(app: FastifyInstance, deps: Deps, ports: OpenApiPorts): Promise<void> {
  const endpoints = openApiEndpoints(deps, ports);
  const limiter = app.createRateLimit({
    max: OPENAPI_CALLS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (req: FastifyRequest) => `openapi|${String(req.headers['x-app-id'] ?? '')}`,
  });

  async function handle(
    req: FastifyRequest,
    rawBody: string,
    path: string,
  ): Promise<Answer & { appId?: string; userId?: number }> {
    const h = (name: string) => {
      const v = req.headers[name];
      return (Array.isArray(v) ? v[0] : v)?.trim() ?? '';
    };
    const appId = h('x-app-id');
    const version = h('x-version');
    const timestamp = h('x-timestamp');
    const signature = h('x-signature');
    if (!appId || !version || !timestamp || !signature) return fail('OPENAPI_HEADERS_MISSING');
    if (version !== OPENAPI_VERSION) return fail('OPENAPI_VERSION_UNSUPPORTED');
    const now = Date.now();
    if (!timestampFresh(timestamp, now)) return fail('OPENAPI_TIMESTAMP_INVALID');
    const key = await openApiCredentials(deps, appId);
    if (!key || !key.enabled) return fail('OPENAPI_APP_INVALID');
    const logged = { appId, userId: key.userId };
    if (!signatureMatches(signRequest(appId, key.secret, version, timestamp, rawBody), signature))
      return { ...fail('OPENAPI_SIGNATURE_INVALID'), ...logged };
    if (!ipAllowed(key.ipAllowlist, req.ip)) return { ...fail('OPENAPI_IP_DENIED'), ...logged };
    const budget = await limiter(req);
    if (!budget.isAllowed && budget.isExceeded) return { ...fail('OPENAPI_TOO_MANY'), ...logged };
    // A signature is accepted once: the row outlives the timestamp's window, then the purge drops it.
    const expiresAt = (Number(timestamp) + OPENAPI_SKEW_SECONDS + 60) * 1000;
    if (!(await takeSignatureOnce(deps.db, appId, signature, expiresAt)))
      return { ...fail('OPENAPI_REPLAYED'), ...logged };

    let body: unknown;
    try {
      body = rawBody.trim() === '' ? {} : JSON.parse(rawBody);
    } catch {
      return { ...fail('OPENAPI_BAD_JSON'), ...logged };
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return { ...fail('OPENAPI_BAD_JSON'), ...logged };
    const endpoint = Object.hasOwn(endpoints, path) ? endpoints[path] : undefined;
    if (!endpoint) return { ...fail('OPENAPI_PATH_UNKNOWN'), ...logged };
    if (endpoint.scope && !key.scopes.includes(endpoint.scope)) return { ...fail('OPENAPI_SCOPE_DENIED'), ...logged };
    const caller = await callerContext(deps, ports, key.userId, req.ip, String(req.headers['user-agent'] ?? ''));
    if (!caller) return { ...fail('OPENAPI_APP_INVALID'), ...logged };
    const ctx = { ...caller, orderWithoutSalePwd: key.noSalePwd };
    try {
      const input = endpoint.input.parse(body);
      const data = await endpoint.run({ ctx, appId, keyId: key.keyId }, input as never);
      return { code: Codes.SUCCESS.code, msg: Codes.SUCCESS.msg, data, ...logged };
    } catch (err) {
      if (isBusinessError(err)) return { code: err.code, msg: err.message, data: err.data ?? null, ...logged };
      if (err instanceof ZodError) {
        const issue = err.issues[0];
        return {
          code: Codes.BAD_INPUT.code,
          msg: issue?.message ?? Codes.BAD_INPUT.msg,
          data: { field: issue?.path.join('.') ?? '' },
          ...logged,
        };
      }
      req.log.error({ err, path }, 'open API call failed');
      return { code: Codes.SERVER_BUSY.code, msg: Codes.SERVER_BUSY.msg, data: null, ...logged };
    }
  }

  // The call log is written in batches (one insert per second at most, not one per call): a
  // crash loses at most the last second of log lines, never an order.
  const callLog = batchedCallLog(deps);
  app.addHook('onClose', () => callLog.flush());

  await app.register(async (scope) => {
    // The signature covers the bytes as sent: this scope keeps every body as text and parses it itself.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post('/openapi/*', async (req: FastifyRequest, reply: FastifyReply) => {
      const started = performance.now();
      const path = String((req.params as Record<string, string>)['*'] ?? '').slice(0, 60);
      const raw = typeof req.body === 'string' ? req.body : '';
      const { appId, userId, ...answer } = await handle(req, raw, path);
      if (appId && userId !== undefined)
        callLog.add({
          user_id: userId,
          app_id: appId,
          path,
          ip: req.ip.slice(0, 64),
          code: answer.code,
          ms: Math.round(performance.now() - started),
          created_at: Date.now(),
        });
      return reply.code(200).type('application/json; charset=utf-8').send(JSON.stringify(answer));
    });
  });

  // Seen signatures past their window and call-log lines older than 90 days go, on every instance.
  deps.jobs.every('openapi.purge', 60_000, async () => {
    const now = Date.now();
    await deps.db.deleteFrom('openapi_nonces').where('expires_at', '<', now).execute();
    await deps.db
      .deleteFrom('openapi_calls')
      .where('created_at', '<', now - 90 * 86_400_000)
      .execute();
  });
}

type CallRow = Insertable<OpenApiCallsTable>;

function batchedCallLog(deps: Deps) {
  let rows: CallRow[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = async () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = rows;
    rows = [];
    if (batch.length === 0) return;
    await deps.db
      .insertInto('openapi_calls')
      .values(batch)
      .execute()
      .catch((err: unknown) => deps.log.warn({ err }, 'open API call log failed'));
  };
  return {
    add(row: CallRow) {
      rows.push(row);
      if (rows.length >= 500) void flush();
      else timer ??= setTimeout(() => void flush(), 1_000).unref();
    },
    flush,
  };
}
