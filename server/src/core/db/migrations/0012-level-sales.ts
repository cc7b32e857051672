import type { Kysely } from 'kysely';

/**
 * Member levels can be bought (issue 12): a price in fen (NULL = none), whether it is sold now,
 * and what it gets, as plain text. Additive: the previous release never reads these columns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('member_levels').addColumn('price', 'bigint').execute();
  await db.schema
    .alterTable('member_levels')
    .addColumn('buyable', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('member_levels')
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
}
