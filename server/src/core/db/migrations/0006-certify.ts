import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.js';

/**
 * Real-name verification: a keyed hash of the ID number, set as `verified_key` only while the
 * record is passed, so one ID number verifies at most one account (NULLs do not collide);
 * optional ID photos of a manual submission.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('certifications')
    .addColumn('id_no_hash', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('certifications').addColumn('verified_key', 'varchar(64)').execute();
  await db.schema
    .alterTable('certifications')
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .createIndex('certifications_verified_key_uq')
    .on('certifications')
    .column('verified_key')
    .unique()
    .execute();
  await db.schema.createIndex('certifications_status_idx').on('certifications').columns(['status', 'id']).execute();
  await db.schema.createIndex('certifications_outer_idx').on('certifications').column('outer_id').execute();
}
