import type { Db } from '../../core/db/connect.js';
import { publishEvent } from '../../core/events.js';

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

export interface LevelChange {
  userId: number;
  siteId: number;
  from: { id: number; name: string };
  to: { id: number; name: string };
  by: 'purchase' | 'staff';
  /** Fen the member paid for it (0 when staff set it). */
  paid: number;
}

/**
 * Moves a member to another level in the caller's transaction, only while they are still on
 * `from` (one conditional update: of two concurrent changes from the same level one wins, the
 * other gets false and its transaction should roll back), and publishes `account.levelChanged`.
 * Plain Kysely update of `users.level_id`, so the exact read caches keyed on it (the buyer's
 * price level, the buying profile) miss from now on.
 */
export async function changeMemberLevel(trx: Db, c: LevelChange): Promise<boolean> {
  const res = await trx
    .updateTable('users')
    .set({ level_id: c.to.id, updated_at: Date.now() })
    .where('id', '=', c.userId)
    .where('level_id', '=', c.from.id)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) return false;
  await publishEvent(trx, 'account.levelChanged', {
    userId: c.userId,
    siteId: c.siteId,
    fromLevelId: c.from.id,
    fromLevelName: c.from.name,
    toLevelId: c.to.id,
    toLevelName: c.to.name,
    by: c.by,
    paid: c.paid,
  });
  return true;
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
