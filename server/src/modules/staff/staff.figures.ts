import { sql } from 'kysely';
import type { Db } from '../../core/db/connect.js';

/** All staff accounts: a count query for the dashboard's one-statement account figures. */
export function staffCount(db: Db) {
  return db.selectFrom('staff').select(sql<string>`count(*)`.as('n'));
}
