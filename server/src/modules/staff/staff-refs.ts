import { sql } from 'kysely';
import type { Db } from '../../core/db/connect.js';

/** All staff accounts: a count query for the dashboard's one-statement account figures. */
export function staffCount(db: Db) {
  return db.selectFrom('staff').select(sql<string>`count(*)`.as('n'));
}

/** Usernames of the given staff, in one query (the audit log names its targets with them). */
export async function staffUsernames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('staff').select(['id', 'username']).where('id', 'in', ids).execute();
  return new Map(rows.map((s) => [s.id, s.username]));
}

/** Staff usernames as a subquery with the caller's alias, for lists that show who reviewed a row. */
export function staffNamesTable<A extends string>(db: Db, alias: A) {
  return db.selectFrom('staff').select(['id', 'username']).as(alias);
}
