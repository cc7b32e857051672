import type { Db } from '../../core/db/connect.js';

/**
 * What accounts needs of the member levels catalog owns: the level a new member starts on, and
 * the level names to join to a member's row. app.ts passes these in (catalog builds on accounts).
 */
export const memberLevels = {
  /** The site's default level (the first by sort when none is marked). */
  defaultLevel(db: Db, siteId: number) {
    return db
      .selectFrom('member_levels')
      .select('id')
      .where('site_id', '=', siteId)
      .orderBy('is_default', 'desc')
      .orderBy('sort')
      .executeTakeFirstOrThrow();
  },
  /** Level ids, names and sites as a subquery aliased `member_levels`. */
  namesTable(db: Db) {
    return db.selectFrom('member_levels').select(['id', 'name', 'site_id']).as('member_levels');
  },
};
