import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.js';

/**
 * Complaints with their thread and evidence images, and the service desk's consultations and
 * pre-written answers (decision 0011). Additive only: new tables.
 */
export async function up(db: Kysely<unknown>, { id }: MigrationContext): Promise<void> {
  await id(db.schema.createTable('complaints'))
    .addColumn('order_id', 'bigint', (c) => c.notNull())
    .addColumn('order_no', 'varchar(40)', (c) => c.notNull())
    .addColumn('site_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint')
    .addColumn('seller_id', 'bigint')
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    // The order's id while not closed: unique, so one open complaint per order (NULLs repeat freely).
    .addColumn('open_order_id', 'bigint', (c) => c.unique())
    .addColumn('outcome', 'varchar(20)')
    .addColumn('refund_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('decision_note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('assignee_id', 'bigint')
    .addColumn('seller_due_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('closed_at', 'bigint')
    .execute();
  await db.schema.createIndex('complaints_order_idx').on('complaints').column('order_id').execute();
  await db.schema.createIndex('complaints_user_idx').on('complaints').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('complaints_seller_idx').on('complaints').columns(['seller_id', 'id']).execute();
  await db.schema
    .createIndex('complaints_status_due_idx')
    .on('complaints')
    .columns(['status', 'seller_due_at'])
    .execute();

  await id(db.schema.createTable('complaint_messages'))
    .addColumn('complaint_id', 'bigint', (c) => c.notNull())
    .addColumn('author_role', 'varchar(10)', (c) => c.notNull())
    .addColumn('author_id', 'bigint')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('complaint_messages_thread_idx')
    .on('complaint_messages')
    .columns(['complaint_id', 'id'])
    .execute();

  await id(db.schema.createTable('complaint_files'))
    .addColumn('token', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('complaint_id', 'bigint')
    .addColumn('message_id', 'bigint')
    .addColumn('path', 'varchar(200)', (c) => c.notNull())
    .addColumn('mime', 'varchar(40)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('uploader_area', 'varchar(10)', (c) => c.notNull())
    .addColumn('uploader_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('complaint_files_message_idx').on('complaint_files').column('message_id').execute();

  await id(db.schema.createTable('consultations'))
    .addColumn('site_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint')
    .addColumn('token_hash', 'varchar(64)', (c) => c.unique())
    .addColumn('order_no', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('contact', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('assignee_id', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('last_message_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('consultations_user_idx').on('consultations').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('consultations_status_idx')
    .on('consultations')
    .columns(['status', 'last_message_at'])
    .execute();

  await id(db.schema.createTable('consultation_messages'))
    .addColumn('consultation_id', 'bigint', (c) => c.notNull())
    .addColumn('author_role', 'varchar(10)', (c) => c.notNull())
    .addColumn('author_id', 'bigint')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('consultation_messages_thread_idx')
    .on('consultation_messages')
    .columns(['consultation_id', 'id'])
    .execute();

  await id(db.schema.createTable('service_replies'))
    .addColumn('title', 'varchar(30)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}
