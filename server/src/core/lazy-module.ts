import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

/**
 * Loads a CommonJS package on first use instead of at start-up: the Alipay SDK, the
 * PostgreSQL and Redis clients, mail, captcha, QR and HTML sanitising together cost ~100 MB
 * of memory that a small shop on SQLite never needs until the feature is used.
 */
export function lazyModule<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireHere(name) as T);
}
