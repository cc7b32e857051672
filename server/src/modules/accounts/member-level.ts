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
