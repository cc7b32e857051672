import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.js';

/**
 * Suppliers (decision 0011): applications with the platform's terms, reviews of supplier goods,
 * fulfilment tasks of their manual/recharge/physical orders, and settlement entries (one per
 * delivered order of a supplier's goods). New tables only.
 */
export async function up(db: Kysely<unknown>, { id }: MigrationContext): Promise<void> {
  await id(db.schema.createTable('suppliers'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().unique())
    .addColumn('contact', 'varchar(60)', (c) => c.notNull())
    .addColumn('intro', 'varchar(500)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('commission_bp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hold_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stock_alerts', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('applied_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('suppliers_status_idx').on('suppliers').columns(['status', 'applied_at']).execute();

  await id(db.schema.createTable('supply_reviews'))
    .addColumn('goods_id', 'bigint', (c) => c.notNull())
    .addColumn('supplier_user_id', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('cost', 'bigint', (c) => c.notNull())
    .addColumn('previous_cost', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('previous_status', 'varchar(10)', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('decided_by', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('supply_reviews_goods_idx')
    .on('supply_reviews')
    .columns(['goods_id', 'status'])
    .execute();
  await db.schema.createIndex('supply_reviews_status_idx').on('supply_reviews').columns(['status', 'id']).execute();

  await id(db.schema.createTable('supply_tasks'))
    .addColumn('order_id', 'bigint', (c) => c.notNull().unique())
    .addColumn('supplier_user_id', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('proofs', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('deadline_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('accepted_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('supply_tasks_supplier_idx')
    .on('supply_tasks')
    .columns(['supplier_user_id', 'status', 'id'])
    .execute();

  // Orders of a supplier's goods (their /supply/order page), newest first.
  await db.schema.createIndex('orders_goods_owner_idx').on('orders').columns(['goods_owner_id', 'id']).execute();

  await id(db.schema.createTable('supply_settlements'))
    .addColumn('order_id', 'bigint', (c) => c.notNull().unique())
    .addColumn('order_no', 'varchar(40)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('goods_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('cost', 'bigint', (c) => c.notNull())
    .addColumn('commission_bp', 'integer', (c) => c.notNull())
    .addColumn('commission', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('reversed_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('released_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // The release job's scan (frozen, due first) and the supplier's page.
  await db.schema
    .createIndex('supply_settlements_due_idx')
    .on('supply_settlements')
    .columns(['status', 'due_at'])
    .execute();
  await db.schema
    .createIndex('supply_settlements_user_idx')
    .on('supply_settlements')
    .columns(['user_id', 'created_at'])
    .execute();
}
