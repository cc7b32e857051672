import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.js';

/**
 * The open API (decision 0014): members' extra keys, the call log, seen signatures (replay
 * window), outer numbers of API orders and transfers, and goods-push addresses. Additive only.
 */
export async function up(db: Kysely<unknown>, { id }: MigrationContext): Promise<void> {
  await id(db.schema.createTable('openapi_keys'))
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('app_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('secret_enc', 'text', (c) => c.notNull())
    .addColumn('scopes', 'varchar(200)', (c) => c.notNull())
    .addColumn('ip_allowlist', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('rotated_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addUniqueConstraint('openapi_keys_app_uq', ['app_id'])
    .execute();
  await db.schema.createIndex('openapi_keys_user_idx').on('openapi_keys').columns(['user_id', 'id']).execute();

  await id(db.schema.createTable('openapi_calls'))
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('app_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('path', 'varchar(60)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('code', 'integer', (c) => c.notNull())
    .addColumn('ms', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('openapi_calls_user_idx').on('openapi_calls').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('openapi_calls_time_idx').on('openapi_calls').columns(['created_at']).execute();

  await db.schema
    .createTable('openapi_nonces')
    .addColumn('app_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('signature', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('openapi_nonces_pk', ['app_id', 'signature'])
    .execute();
  await db.schema.createIndex('openapi_nonces_expiry_idx').on('openapi_nonces').columns(['expires_at']).execute();

  await id(db.schema.createTable('openapi_requests'))
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('app_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('outer_number', 'varchar(64)', (c) => c.notNull())
    .addColumn('fingerprint', 'varchar(200)', (c) => c.notNull())
    .addColumn('ref_no', 'varchar(40)')
    .addColumn('notify_url', 'varchar(500)')
    .addColumn('notify_state', 'varchar(10)')
    .addColumn('notified_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('openapi_requests_outer_uq', ['user_id', 'kind', 'outer_number'])
    .execute();
  await db.schema.createIndex('openapi_requests_ref_idx').on('openapi_requests').columns(['ref_no']).execute();

  await db.schema
    .createTable('openapi_push_targets')
    .addColumn('app_id', 'varchar(40)', (c) => c.notNull().primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('url', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}
