import { randomBytes } from 'node:crypto';
import type { CertifyOutcome, CertifyProvider, CertifyStart } from './provider.js';

/**
 * The fallback: nothing to open, an admin looks at the submission and approves or rejects it.
 * `query` reads the decision the admin stored.
 */
export class ManualProvider implements CertifyProvider {
  readonly name = 'manual';
  constructor(private readonly decision: (certifyId: string) => Promise<CertifyOutcome>) {}
  start(): Promise<CertifyStart> {
    return Promise.resolve({ certifyId: `M${Date.now()}${randomBytes(4).toString('hex')}`, url: '' });
  }
  query(certifyId: string): Promise<CertifyOutcome> {
    return this.decision(certifyId);
  }
}
