import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.js';

/**
 * Site decoration (装修): one draft per site and the published versions of its storefront layout
 * (numbered per site, the newest is live, the last 20 kept). Additive only.
 */
export async function up(db: Kysely<unknown>, { id }: MigrationContext): Promise<void> {
  await id(db.schema.createTable('site_layout_drafts'))
    .addColumn('site_id', 'bigint', (c) => c.notNull().unique())
    .addColumn('blocks', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('site_layout_versions'))
    .addColumn('site_id', 'bigint', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('blocks', 'text', (c) => c.notNull())
    .addColumn('block_count', 'integer', (c) => c.notNull())
    .addColumn('reverted_from', 'integer')
    .addColumn('published_by', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('site_layout_versions_uq', ['site_id', 'number'])
    .execute();
}
