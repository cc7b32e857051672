import type { Kysely } from 'kysely';

/**
 * Opening a sub-site paid online (issue #12): the member's choice (version, period, name, path) is kept
 * while they pay the shortfall through a recharge; when the recharge is credited the site is opened from
 * the balance. One request per member (the newest replaces an older one).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('site_open_requests')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}
