import { Codes, hasControlChars } from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { failure } from './envelope.js';

/** The path of the first string (or key) holding a control character, or null. */
export function controlCharPath(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return hasControlChars(value) ? path || 'body' : null;
  if (value === null || typeof value !== 'object' || depth > 20) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = controlCharPath(value[i], `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (hasControlChars(key)) return here;
    const found = controlCharPath(item, here, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * No request text with control characters reaches a handler, whatever its schema says: a NUL
 * fails every PostgreSQL text parameter (HTTP 500 before), and no person types the others.
 * The schemas' `text()` fields say the same per field; this is the net under all of them,
 * query strings (payment notifies arrive by GET) included.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (req, reply, done) => {
    const field = controlCharPath(req.body) ?? controlCharPath(req.query);
    if (!field) return done();
    app.countBusinessError(Codes.BAD_INPUT.code);
    reply.code(200).send(failure(Codes.BAD_INPUT.code, `${field} 包含不允许的控制字符`, { field }));
  });
}
