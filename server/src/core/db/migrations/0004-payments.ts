import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.js';

/**
 * Payments: gateway accounts (secrets sealed inside `config`), payment records (one per
 * attempt to pay an order or a recharge, unique unguessable number), the raw notify log,
 * recharges and refunds.
 */
export async function up(db: Kysely<unknown>, { id }: MigrationContext): Promise<void> {
  await id(db.schema.createTable('payment_accounts'))
    .addColumn('gateway', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('display_name', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('icon', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('client', 'varchar(10)', (c) => c.notNull().defaultTo('all'))
    .addColumn('fee_rate', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('config', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('recharges'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('site_id', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('bonus', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recharges_user_idx').on('recharges').columns(['user_id', 'id']).execute();

  await id(db.schema.createTable('payments'))
    .addColumn('payment_no', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('purpose', 'varchar(10)', (c) => c.notNull())
    .addColumn('site_id', 'bigint', (c) => c.notNull())
    .addColumn('order_id', 'bigint')
    .addColumn('recharge_id', 'bigint')
    .addColumn('user_id', 'bigint')
    // The order number or recharge id it pays, for support and lists.
    .addColumn('ref_no', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('subject', 'varchar(127)', (c) => c.notNull().defaultTo(''))
    // What the gateway must collect (fen): the base amount plus the channel fee.
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('fee', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('gateway', 'varchar(20)', (c) => c.notNull())
    .addColumn('account_id', 'bigint')
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('trade_no', 'varchar(80)')
    .addColumn('client_ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .addColumn('closed_at', 'bigint')
    .addColumn('refunded_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    // The notify log row (or 'query') that settled it, for support.
    .addColumn('paid_by', 'varchar(40)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payments_order_idx').on('payments').columns(['order_id']).execute();
  await db.schema.createIndex('payments_status_idx').on('payments').columns(['status', 'id']).execute();
  await db.schema.createIndex('payments_user_idx').on('payments').columns(['user_id', 'id']).execute();

  await id(db.schema.createTable('notify_logs'))
    .addColumn('gateway', 'varchar(20)', (c) => c.notNull())
    .addColumn('account_id', 'bigint')
    .addColumn('payment_no', 'varchar(64)')
    .addColumn('method', 'varchar(8)', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('verdict', 'varchar(20)', (c) => c.notNull())
    .addColumn('error', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notify_logs_payment_idx').on('notify_logs').columns(['payment_no']).execute();

  await id(db.schema.createTable('refunds'))
    .addColumn('payment_id', 'bigint', (c) => c.notNull().references('payments.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('via', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('gateway_ref', 'varchar(80)')
    .addColumn('operator', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refunds_payment_idx').on('refunds').columns(['payment_id']).execute();
}
