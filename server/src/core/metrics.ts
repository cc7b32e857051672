import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * Who may read /metrics: a scraper on this host (loopback, not relayed by a proxy) or one that
 * sends the configured bearer token. They tell load and error rates, and cost 30–60 ms each.
 */
export function mayReadMetrics(req: FastifyRequest, token: string | undefined): boolean {
  const sent = req.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';
  if (token && sent) {
    const a = Buffer.from(sent);
    const b = Buffer.from(token);
    if (a.length === b.length && timingSafeEqual(a, b)) return true;
  }
  return LOOPBACK.test(req.ip) && req.headers['x-forwarded-for'] === undefined;
}

/** Prometheus metrics at GET /metrics: process defaults plus request counts and latency. */
export function registerMetrics(app: FastifyInstance, metricsToken?: string): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'kapu_' });
  const duration = new Histogram({
    name: 'kapu_http_request_duration_seconds',
    help: 'HTTP request duration by route',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const business = new Counter({
    name: 'kapu_business_errors_total',
    help: 'Answers with a business code other than success, by code',
    labelNames: ['code'],
    registers: [registry],
  });

  // Callback style: an async hook costs every request a promise.
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    duration.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });
  app.decorate('countBusinessError', (code: number) => business.inc({ code: String(code) }));

  app.get('/metrics', async (req, reply) => {
    if (!mayReadMetrics(req, metricsToken)) return reply.code(403).type('text/plain; charset=utf-8').send('forbidden');
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
  return registry;
}

declare module 'fastify' {
  interface FastifyInstance {
    countBusinessError(code: number): void;
  }
}
