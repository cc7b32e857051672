import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.js';

/** The outbox (core/events.ts): events written with the change that caused them, and what each consumer took. */
export async function up(db: Kysely<unknown>, { id }: MigrationContext): Promise<void> {
  await id(db.schema.createTable('domain_events'))
    .addColumn('type', 'varchar(64)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('domain_events_type_idx').on('domain_events').columns(['type', 'created_at']).execute();
  await db.schema
    .createTable('event_consumptions')
    .addColumn('consumer', 'varchar(64)', (c) => c.notNull())
    .addColumn('event_id', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_consumptions_pk', ['consumer', 'event_id'])
    .execute();
}
