import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Prometheus metrics at GET /metrics: process defaults plus request counts and latency. */
export function registerMetrics(app: FastifyInstance): Registry {
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

  app.get('/metrics', async (_req, reply) => {
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
