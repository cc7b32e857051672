import { sql } from 'kysely';
import type { Db } from '../../core/db/connect.js';

/** Certifications waiting for a review: a count query for the dashboard's one-statement queues. */
export function reviewingCount(db: Db) {
  return db
    .selectFrom('certifications')
    .where('status', '=', 'reviewing')
    .select(sql<string>`count(*)`.as('n'));
}
