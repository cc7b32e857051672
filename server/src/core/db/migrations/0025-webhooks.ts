import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.js';

/** Outbound webhooks (decision 0017): subscriptions, deliveries and their attempts. Additive only. */
export async function up(db: Kysely<unknown>, { id }: MigrationContext): Promise<void> {
  await id(db.schema.createTable('webhook_subscriptions'))
    .addColumn('user_id', 'bigint')
    .addColumn('name', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'varchar(500)', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('secret_enc', 'text', (c) => c.notNull())
    .addColumn('secret_hint', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_subscriptions_user_idx').on('webhook_subscriptions').column('user_id').execute();

  await id(db.schema.createTable('webhook_deliveries'))
    .addColumn('uid', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('subscription_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint')
    .addColumn('event', 'varchar(40)', (c) => c.notNull())
    .addColumn('event_id', 'bigint')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('http_status', 'integer')
    .addColumn('excerpt', 'varchar(600)', (c) => c.notNull().defaultTo(''))
    .addColumn('duration_ms', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_attempt_at', 'bigint')
    .addColumn('next_retry_at', 'bigint')
    .addUniqueConstraint('webhook_deliveries_event_uq', ['subscription_id', 'event_id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_sub_idx')
    .on('webhook_deliveries')
    .columns(['subscription_id', 'id'])
    .execute();
  await db.schema.createIndex('webhook_deliveries_created_idx').on('webhook_deliveries').column('created_at').execute();

  await id(db.schema.createTable('webhook_attempts'))
    .addColumn('delivery_id', 'bigint', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('http_status', 'integer')
    .addColumn('excerpt', 'varchar(600)', (c) => c.notNull().defaultTo(''))
    .addColumn('error', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_attempts_delivery_idx')
    .on('webhook_attempts')
    .columns(['delivery_id', 'id'])
    .execute();
}
