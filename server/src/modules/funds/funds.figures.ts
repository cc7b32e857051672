import { sql } from 'kysely';
import type { Db } from '../../core/db/connect.js';

/** Withdrawals waiting for a decision: a count query for the dashboard's one-statement queues. */
export function pendingWithdrawalsCount(db: Db) {
  return db
    .selectFrom('withdrawals')
    .where('status', '=', 'pending')
    .select(sql<string>`count(*)`.as('n'));
}
