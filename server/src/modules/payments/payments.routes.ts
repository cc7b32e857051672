import { payChannelsInput, payCreateInput, payStatusInput, sandboxConfirmInput } from '@kapu/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { VISITOR_PASSWORD_LIMITS } from '../orders/index.js';
import { randomBytes } from 'node:crypto';
import { defineCall } from '../../core/calls.js';
import { isMobileAgent } from '../../core/user-agent.js';
import { formHandoffDocument, htmlHandoffDocument, stateDocument, type HandoffDocument } from './handoff-page.js';
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
  defineCall(app, '/pay/getChannels', { input: payChannelsInput }, (ctx, input) =>
    payments.channels(ctx, input.client, input.purpose),
  );
  defineCall(app, '/pay/recharge/config', {}, () => {
    const rs = payments.rechargeSettings();
    return { min: rs.min, max: rs.max, tiers: rs.tiers };
  });
  defineCall(
    app,
    '/pay/create',
    { input: payCreateInput, limits: [{ max: 30, windowMs: MINUTE }, ...VISITOR_PASSWORD_LIMITS] },
    (ctx, input, req) => payments.create(ctx, input, originOf(req)),
  );
  defineCall(app, '/pay/status', { input: payStatusInput, limits: [{ max: 120, windowMs: MINUTE }] }, (_ctx, input) =>
    payments.status(input.paymentNo),
  );
  defineCall(
    app,
    '/pay/sandbox/confirm',
    { input: sandboxConfirmInput, limits: [{ max: 30, windowMs: MINUTE }] },
    (ctx, input) => payments.sandboxConfirm(input.paymentNo, input.token, ctx.ip),
  );

  // The top-level hand-off page (see handoff-page.ts): GET, so Back and reload simply ask again.
  const goBudget = app.createRateLimit({ max: 30, timeWindow: 60_000, keyGenerator: (req) => `pay-go|${req.ip}` });
  app.get('/pay/go/:paymentNo', async (req, reply) => {
    const budget = await goBudget(req);
    const nonce = randomBytes(16).toString('base64');
    const send = (doc: HandoffDocument, status = 200) =>
      reply
        .code(status)
        .header('content-security-policy', doc.csp)
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(doc.html);
    if (!budget.isAllowed && budget.isExceeded)
      return send(stateDocument(nonce, '操作太频繁', '请稍后再试。', { href: '/', label: '返回首页' }), 429);
    const { paymentNo } = req.params as { paymentNo: string };
    const token = String((req.query as Record<string, unknown>).t ?? '');
    const client = isMobileAgent(String(req.headers['user-agent'] ?? '')) ? 'mobile' : 'pc';
    const result = await payments
      .handoffNow(paymentNo, token, client, originOf(req))
      .catch((err: unknown) => ({ state: 'failed' as const, err }));
    const resultPage = { href: `/pay/return_epay?paymentNo=${encodeURIComponent(paymentNo)}`, label: '查看支付结果' };
    switch (result.state) {
      case 'go': {
        const h = result.handoff;
        if (h.kind === 'form') return send(formHandoffDocument(h, nonce));
        if (h.kind === 'html') return send(htmlHandoffDocument(h.html, nonce));
        if (h.kind === 'redirect') return reply.code(303).header('cache-control', 'no-store').redirect(h.url, 303);
        return reply.code(303).redirect(resultPage.href, 303);
      }
      case 'paid':
        return reply.code(303).header('cache-control', 'no-store').redirect(resultPage.href, 303);
      case 'closed':
      case 'expired':
        return send(
          stateDocument(
            nonce,
            '支付单已失效',
            '这笔支付已超时或已关闭，请回到订单重新发起支付；如已付款，可查看支付结果。',
            resultPage,
          ),
          410,
        );
      case 'failed':
        return send(
          stateDocument(
            nonce,
            '暂时无法前往支付平台',
            '支付平台没有正常答复，请稍后重试或换一种支付方式。',
            resultPage,
          ),
          502,
        );
      default:
        return send(
          stateDocument(nonce, '支付链接无效', '请回到订单或充值页重新发起支付。', { href: '/', label: '返回首页' }),
          404,
        );
    }
  });

  /** Notifies one address may send per minute (a busy shop's gateway sends a few per second at most). */
  const NOTIFY_PER_MINUTE = 600;
  // Notifies: own scope so the body stays raw (WeChat signs the exact bytes) whatever its type.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    // Anyone can send a notify and each one is logged: a budget per address that a gateway's
    // own callbacks and retries stay far below, answered in the gateways' words ("fail" = retry later).
    const perAddress = scope.createRateLimit({
      max: NOTIFY_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (req) => `pay-notify|${req.ip}`,
    });
    scope.route({
      method: ['GET', 'POST'],
      url: '/pay/notify/:gateway/:accountId',
      preHandler: async (req, reply) => {
        const budget = await perAddress(req);
        if (!budget.isAllowed && budget.isExceeded)
          return reply
            .code(429)
            .header('retry-after', String(Math.max(1, Math.ceil(budget.ttl / 1000))))
            .type('text/plain; charset=utf-8')
            .send('fail');
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
        const headers = Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v[0] : v]),
        );
        const { answer } = await payments.handleNotify(
          gateway,
          /^\d{1,15}$/.test(accountId) ? Number(accountId) : NaN,
          { method: req.method, params, rawBody, headers },
          req.ip,
        );
        return reply.code(answer.status).type(answer.contentType).send(answer.body);
      },
    });
  });
}
