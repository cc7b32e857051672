import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.js';

/**
 * Account security: captchas, login failures, verification codes, third-party bindings,
 * OAuth states, WeChat notify scenes, open-API keys, real-name verification, audit log,
 * announcements, and the new member/staff columns.
 */
export async function up(db: Kysely<unknown>, { id }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('captchas')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('answer_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('captchas_expires_idx').on('captchas').column('expires_at').execute();

  await id(db.schema.createTable('login_failures'))
    .addColumn('area', 'varchar(10)', (c) => c.notNull())
    .addColumn('account', 'varchar(100)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_account_idx')
    .on('login_failures')
    .columns(['area', 'account', 'created_at'])
    .execute();

  await id(db.schema.createTable('verification_codes'))
    .addColumn('purpose', 'varchar(30)', (c) => c.notNull())
    .addColumn('channel', 'varchar(10)', (c) => c.notNull())
    .addColumn('target', 'varchar(100)', (c) => c.notNull())
    .addColumn('user_id', 'bigint')
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('verification_codes_target_idx')
    .on('verification_codes')
    .columns(['purpose', 'target', 'id'])
    .execute();

  await id(db.schema.createTable('oauth_bindings'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('provider', 'varchar(10)', (c) => c.notNull())
    .addColumn('openid', 'varchar(128)', (c) => c.notNull())
    .addColumn('nickname', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('oauth_bindings_openid_uq', ['provider', 'openid'])
    .addUniqueConstraint('oauth_bindings_user_uq', ['user_id', 'provider'])
    .execute();

  await db.schema
    .createTable('oauth_states')
    .addColumn('state_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('provider', 'varchar(10)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(10)', (c) => c.notNull())
    .addColumn('user_id', 'bigint')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('open_api_keys')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id'))
    .addColumn('app_id', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('secret_enc', 'varchar(255)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ip_allowlist', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('rotated_at', 'bigint', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('certifications'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    .addColumn('real_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('id_no_enc', 'varchar(255)', (c) => c.notNull())
    .addColumn('id_no_masked', 'varchar(30)', (c) => c.notNull())
    .addColumn('outer_id', 'varchar(100)')
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('reviewed_by', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('certifications_user_idx').on('certifications').columns(['user_id', 'id']).execute();

  await id(db.schema.createTable('audit_logs'))
    .addColumn('staff_id', 'bigint', (c) => c.notNull())
    .addColumn('staff_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('action', 'varchar(100)', (c) => c.notNull())
    .addColumn('target', 'varchar(100)', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_logs_time_idx').on('audit_logs').columns(['created_at']).execute();

  await id(db.schema.createTable('announcements'))
    .addColumn('site_id', 'bigint', (c) => c.notNull().references('sites.id'))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('content_html', 'text', (c) => c.notNull())
    .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('popup', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_by', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('announcements_site_idx')
    .on('announcements')
    .columns(['site_id', 'status', 'pinned', 'id'])
    .execute();

  // SQLite adds one column per statement.
  const userColumns: Array<[string, 'bigint' | 'varchar(20)' | 'varchar(200)' | 'varchar(128)' | 'integer']> = [
    ['login_name_changed_at', 'bigint'],
    ['shop_price_mode', 'varchar(20)'],
    ['sale_pwd_ops', 'varchar(200)'],
    ['mp_openid', 'varchar(128)'],
    ['mp_notify_flags', 'integer'],
  ];
  for (const [name, type] of userColumns) await db.schema.alterTable('users').addColumn(name, type).execute();
  await db.schema.alterTable('staff').addColumn('totp_pending', 'varchar(100)').execute();
}
