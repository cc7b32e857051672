import type { Db } from '../../core/db/connect.js';

/**
 * What accounts needs of the member levels catalog owns: the level a new member starts on, the
 * level names to join to a member's row, and the site's levels for staff to set a member's level.
 * app.ts passes these in (catalog builds on accounts).
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
  /** The site's levels, lowest first (by sort, then id). */
  async list(db: Db, siteId: number) {
    const rows = await db
      .selectFrom('member_levels')
      .select(['id', 'name', 'is_default'])
      .where('site_id', '=', siteId)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ id: r.id, name: r.name, isDefault: r.is_default === 1 }));
  },
  /** Level ids, names and sites as a subquery aliased `member_levels`. */
  namesTable(db: Db) {
    return db.selectFrom('member_levels').select(['id', 'name', 'site_id']).as('member_levels');
  },
};
