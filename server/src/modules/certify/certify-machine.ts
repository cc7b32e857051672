import type { CertificationsTable } from '../../core/db/schema.js';
import { defineMachine } from '../../core/fsm.js';

/**
 * A real-name attempt: pending while the face check runs at Alipay, reviewing while staff look
 * at a manual one; passed or failed ends it (a new attempt is a new row).
 */
export const certifyMachine = defineMachine<CertificationsTable['status'], 'certifications'>(
  'certification',
  {
    pending: ['passed', 'failed'],
    reviewing: ['passed', 'failed'],
    passed: [],
    failed: [],
  },
  { table: 'certifications' },
);
