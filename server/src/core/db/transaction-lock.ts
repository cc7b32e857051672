import { sql } from 'kysely';
import { dialectOf, type Db } from './connect.js';

/**
 * Serialises transactions that check-then-write the same thing (a count under a limit, a
 * first-time insert): on PostgreSQL a transaction-scoped advisory lock on `key`, released at
 * commit or rollback; SQLite runs one writer at a time already. Call inside the transaction.
 */
export async function lockForTransaction(trx: Db, key: string): Promise<void> {
  if (dialectOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`kapu:${key}`}))`.execute(trx);
}
