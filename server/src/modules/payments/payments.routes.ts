import { payChannelsInput, payCreateInput, payStatusInput, sandboxConfirmInput } from '@kapu/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { VISITOR_PASSWORD_LIMITS } from '../orders/index.js';
import { defineCall } from '../../core/calls.js';
import type { PaymentsService } from './payments.service.js';

const MINUTE = 60_000;

/** The site's own origin as the browser reached it (behind a proxy: X-Forwarded-*, when trusted). */
function originOf(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

function flatParams(source: unknown): Record<string, string> {
  if (!source || typeof source !== 'object' || Array.isArray(source)) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(source as Record<string, unknown>)) {
    if (v === undefined || v === null) continue;
    out[k] = typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  return out;
}

/** User-area pay calls and the gateways' notify endpoints (GET and POST, form or JSON). */
export function registerPaymentRoutes(app: FastifyInstance, payments: PaymentsService): void {
  defineCall(app, '/pay/getChannels', { input: payChannelsInput }, (ctx, input) => payments.channels(ctx, input.client, input.purpose));
  defineCall(app, '/pay/recharge/config', {}, () => {
    const rs = payments.rechargeSettings();
    return { min: rs.min, max: rs.max, tiers: rs.tiers };
  });
  defineCall(app, '/pay/create', { input: payCreateInput, limits: [{ max: 30, windowMs: MINUTE }, ...VISITOR_PASSWORD_LIMITS] }, (ctx, input, req) => payments.create(ctx, input, originOf(req)));
  defineCall(app, '/pay/status', { input: payStatusInput, limits: [{ max: 120, windowMs: MINUTE }] }, (_ctx, input) => payments.status(input.paymentNo));
  defineCall(app, '/pay/sandbox/confirm', { input: sandboxConfirmInput, limits: [{ max: 30, windowMs: MINUTE }] }, (ctx, input) => payments.sandboxConfirm(input.paymentNo, input.token, ctx.ip));

  /** Notifies one address may send per minute (a busy shop's gateway sends a few per second at most). */
  const NOTIFY_PER_MINUTE = 600;
  // Notifies: own scope so the body stays raw (WeChat signs the exact bytes) whatever its type.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));
    // Anyone can send a notify and each one is logged: a budget per address that a gateway's
    // own callbacks and retries stay far below, answered in the gateways' words ("fail" = retry later).
    const perAddress = scope.createRateLimit({ max: NOTIFY_PER_MINUTE, timeWindow: 60_000, keyGenerator: (req) => `pay-notify|${req.ip}` });
    scope.route({
      method: ['GET', 'POST'],
      url: '/pay/notify/:gateway/:accountId',
      preHandler: async (req, reply) => {
        const budget = await perAddress(req);
        if (!budget.isAllowed && budget.isExceeded) return reply.code(429).header('retry-after', String(Math.max(1, Math.ceil(budget.ttl / 1000)))).type('text/plain; charset=utf-8').send('fail');
      },
      handler: async (req, reply) => {
        const { gateway, accountId } = req.params as { gateway: string; accountId: string };
        const rawBody = typeof req.body === 'string' ? req.body : '';
        const type = String(req.headers['content-type'] ?? '');
        let bodyParams: Record<string, string> = {};
        if (rawBody) {
          if (type.includes('json') || rawBody.trimStart().startsWith('{')) {
            try {
              const parsed: unknown = JSON.parse(rawBody);
              // Flat JSON (some 易支付 forks) carries the fields; WeChat's nested body is read raw.
              if (parsed && typeof parsed === 'object' && !('resource' in parsed)) bodyParams = flatParams(parsed);
            } catch {
              bodyParams = {};
            }
          } else bodyParams = Object.fromEntries(new URLSearchParams(rawBody));
        }
        const params = { ...flatParams(req.query), ...bodyParams };
        const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v[0] : v]));
        const { answer } = await payments.handleNotify(gateway, /^\d{1,15}$/.test(accountId) ? Number(accountId) : NaN, { method: req.method, params, rawBody, headers }, req.ip);
        return reply.code(answer.status).type(answer.contentType).send(answer.body);
      },
    });
  });
}
