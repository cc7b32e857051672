import { sql } from 'kysely';
import { parsePermissions } from './staff.service.js';
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

/** Active staff who may work the service desk (super admins, or a role with service.desk): the desk's colleague list. */
export async function deskStaff(db: Db): Promise<Array<{ id: number; username: string; nickname: string }>> {
  const rows = await db
    .selectFrom('staff')
    .leftJoin('roles', 'roles.id', 'staff.role_id')
    .select(['staff.id', 'staff.username', 'staff.nickname', 'staff.is_super', 'roles.permissions'])
    .where('staff.status', '=', 'active')
    .orderBy('staff.id')
    .execute();
  return rows
    .filter((s) => Number(s.is_super) === 1 || parsePermissions(s.permissions).includes('service.desk'))
    .map((s) => ({ id: Number(s.id), username: s.username, nickname: s.nickname }));
}
