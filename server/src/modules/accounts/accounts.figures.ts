import { sql } from 'kysely';
import type { Db } from '../../core/db/connect.js';

/** Count queries for the dashboard's one-statement account figures (members, new members, live sessions). */
export const accountFigures = {
  members: (db: Db) => db.selectFrom('users').select(sql<string>`count(*)`.as('n')),
  membersSince: (db: Db, since: number) =>
    db
      .selectFrom('users')
      .where('created_at', '>=', since)
      .select(sql<string>`count(*)`.as('n')),
  activeSessions: (db: Db, now: number) =>
    db
      .selectFrom('sessions')
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .select(sql<string>`count(*)`.as('n')),
};
