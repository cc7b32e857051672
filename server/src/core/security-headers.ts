import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's headers, computed once. They do not depend on the request (no CSP nonces), so
 * running helmet's middleware per request (as @fastify/helmet does) re-parsed the policy on
 * every call — ~7 % of a cached goods-list request's CPU. Here helmet runs once against a
 * recording response and every reply gets the recorded headers.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(options)({} as never, res as never, (err?: unknown) => (failed = err));
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return headers;
}

/**
 * Headers for HTTPS requests and for plain-HTTP ones, both computed once; a request gets the one
 * for its protocol (a trusted proxy's x-forwarded-proto counts). Over plain HTTP the CSP must not
 * carry `upgrade-insecure-requests`: a shop opened by LAN address or a domain without TLS would
 * load its assets over https and show a blank page.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  overHttpsOptions: HelmetOptions,
  overHttpOptions: HelmetOptions,
): void {
  const overHttps = securityHeaders(overHttpsOptions);
  const overHttp = securityHeaders(overHttpOptions);
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(req.protocol === 'https' ? overHttps : overHttp);
    done();
  });
}
