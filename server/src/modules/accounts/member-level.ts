import type { Db } from '../../core/db/connect.js';

/**
 * A member's level id as a scalar subquery, so catalog's buyer-level read stays one statement
 * on the checkout path (it falls back to the site's default level in the same query).
 */
export function memberLevelIdQuery(db: Db, userId: number) {
  return db.selectFrom('users').select('level_id').where('id', '=', userId);
}

/** Whether any member is on this level (catalog refuses to delete a level in use). */
export async function levelHasMembers(db: Db, levelId: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('level_id', '=', levelId).executeTakeFirst()) !== undefined;
}

/** Where a member registered (their site), their status and level, in the caller's transaction or not. */
export function memberHome(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'site_id', 'status', 'level_id'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * Puts a member on a level (a site owner gets their version's level), in the caller's transaction.
 * Catalog's buyer-level cache and the buying profile follow the column on their own.
 */
export async function setMemberLevel(db: Db, userId: number, levelId: number): Promise<void> {
  await db.updateTable('users').set({ level_id: levelId, updated_at: Date.now() }).where('id', '=', userId).execute();
}
