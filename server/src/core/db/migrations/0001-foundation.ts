import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.js';

/** Settings, sites, levels, members, login log, sessions, staff/roles, uploads, jobs. */
export async function up(db: Kysely<unknown>, { id }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('sites'))
    .addColumn('parent_id', 'bigint')
    .addColumn('owner_user_id', 'bigint')
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('subtitle', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('path', 'varchar(64)', (c) => c.unique())
    .addColumn('domain', 'varchar(255)', (c) => c.unique())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('member_levels'))
    .addColumn('site_id', 'bigint', (c) => c.notNull().references('sites.id'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('users'))
    .addColumn('user_no', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('site_id', 'bigint', (c) => c.notNull().references('sites.id'))
    .addColumn('login_name', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('nickname', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'varchar(100)', (c) => c.unique())
    .addColumn('mobile', 'varchar(20)', (c) => c.unique())
    .addColumn('qq', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('contact', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('level_id', 'bigint', (c) => c.notNull().references('member_levels.id'))
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('frozen_balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('sale_pwd_hash', 'varchar(200)')
    .addColumn('sale_pwd_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('inviter_id', 'bigint')
    .addColumn('invite_code', 'varchar(32)', (c) => c.unique())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('last_login_at', 'bigint')
    .addCheckConstraint('users_balance_not_negative', sql`balance >= 0`)
    .execute();
  await db.schema.createIndex('users_site_idx').on('users').columns(['site_id', 'created_at']).execute();

  await id(db.schema.createTable('login_logs'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('address', 'varchar(100)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_logs_user_idx').on('login_logs').columns(['user_id', 'id']).execute();

  await id(db.schema.createTable('sessions'))
    .addColumn('area', 'varchar(10)', (c) => c.notNull())
    .addColumn('actor_id', 'bigint', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_actor_idx').on('sessions').columns(['area', 'actor_id']).execute();

  await id(db.schema.createTable('roles'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('permissions', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('staff'))
    .addColumn('username', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('nickname', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('role_id', 'bigint', (c) => c.references('roles.id'))
    .addColumn('is_super', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('totp_secret', 'varchar(100)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_login_at', 'bigint')
    .execute();

  await id(db.schema.createTable('uploads'))
    .addColumn('owner_area', 'varchar(10)', (c) => c.notNull())
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    .addColumn('path', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('mime', 'varchar(50)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('jobs'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_by', 'varchar(100)')
    .addColumn('locked_until', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('unique_key', 'varchar(200)', (c) => c.unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['status', 'run_at']).execute();
}
