import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.js';

/**
 * In-app messages with each member's unread counter, channel preferences, Telegram chats and
 * their one-time bind codes, restock subscriptions (到货提醒), admin broadcasts, staff group
 * robots and the delivery log of every channel beyond the app. Additive only.
 */
export async function up(db: Kysely<unknown>, { id }: MigrationContext): Promise<void> {
  await id(db.schema.createTable('messages'))
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('topic', 'varchar(40)', (c) => c.notNull())
    .addColumn('category', 'varchar(20)', (c) => c.notNull())
    .addColumn('title', 'varchar(120)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('link', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('read_at', 'bigint')
    .addColumn('broadcast_id', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_user_idx').on('messages').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('messages_user_category_idx')
    .on('messages')
    .columns(['user_id', 'category', 'id'])
    .execute();

  await db.schema
    .createTable('message_counters')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey())
    .addColumn('unread', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('message_prefs'))
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('topic', 'varchar(40)', (c) => c.notNull())
    .addColumn('email', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('telegram', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('message_prefs_uq', ['user_id', 'topic'])
    .execute();

  await id(db.schema.createTable('message_chats'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().unique())
    .addColumn('chat_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('chat_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('bound_at', 'bigint', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('message_bind_codes'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('restock_subscriptions'))
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('goods_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('restock_subscriptions_uq', ['goods_id', 'user_id'])
    .execute();

  await id(db.schema.createTable('message_broadcasts'))
    .addColumn('audience', 'varchar(10)', (c) => c.notNull())
    .addColumn('level_id', 'bigint')
    .addColumn('site_id', 'bigint')
    .addColumn('title', 'varchar(120)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('cursor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();

  await id(db.schema.createTable('message_robots'))
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('url_enc', 'text')
    .addColumn('secret_enc', 'text')
    .addColumn('chat_id', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('topics', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('message_deliveries'))
    .addColumn('channel', 'varchar(10)', (c) => c.notNull())
    .addColumn('user_id', 'bigint')
    .addColumn('robot_id', 'bigint')
    .addColumn('topic', 'varchar(40)', (c) => c.notNull())
    .addColumn('target', 'varchar(100)', (c) => c.notNull())
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('message_deliveries_channel_idx')
    .on('message_deliveries')
    .columns(['channel', 'status', 'id'])
    .execute();
}
