import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.js';

/**
 * Docking (decision 0016): upstream connections (secret sealed), docked goods with their sync
 * ownership and rules, their upstream sources in priority order, procurement orders (one per paid
 * order, unique by order and by procurement number), the sync log, and the `docking` feature of a
 * site version. Additive only.
 */
export async function up(db: Kysely<unknown>, { id }: MigrationContext): Promise<void> {
  await id(db.schema.createTable('docking_connections'))
    .addColumn('site_id', 'bigint', (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('protocol', 'varchar(10)', (c) => c.notNull())
    .addColumn('base_url', 'varchar(300)', (c) => c.notNull())
    .addColumn('app_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('timeout_ms', 'integer', (c) => c.notNull())
    .addColumn('trusted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('push_token', 'varchar(40)', (c) => c.notNull())
    .addColumn('last_sync_at', 'bigint')
    .addColumn('last_error', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('docking_connections_push_uq', ['push_token'])
    .execute();
  await db.schema.createIndex('docking_connections_site_idx').on('docking_connections').columns(['site_id']).execute();

  await id(db.schema.createTable('docking_goods'))
    .addColumn('goods_id', 'bigint', (c) => c.notNull())
    .addColumn('site_id', 'bigint', (c) => c.notNull())
    .addColumn('upstream_kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('ownership', 'text', (c) => c.notNull())
    .addColumn('markup_kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('markup_value', 'integer', (c) => c.notNull())
    .addColumn('price_rule', 'varchar(12)', (c) => c.notNull())
    .addColumn('pause_out_of_stock', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('cost_bound_pct', 'integer')
    .addColumn('import_cost', 'bigint', (c) => c.notNull())
    .addColumn('cost', 'bigint', (c) => c.notNull())
    .addColumn('paused_by_sync', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_sync_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('docking_goods_goods_uq', ['goods_id'])
    .execute();

  await id(db.schema.createTable('docking_sources'))
    .addColumn('goods_id', 'bigint', (c) => c.notNull())
    .addColumn('connection_id', 'bigint', (c) => c.notNull())
    .addColumn('ref', 'varchar(40)', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull())
    .addColumn('cost', 'bigint', (c) => c.notNull())
    .addColumn('stock', 'integer')
    .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('fields', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('synced_at', 'bigint')
    .addUniqueConstraint('docking_sources_uq', ['goods_id', 'connection_id', 'ref'])
    .execute();
  await db.schema
    .createIndex('docking_sources_conn_idx')
    .on('docking_sources')
    .columns(['connection_id', 'ref'])
    .execute();

  await id(db.schema.createTable('docking_procurements'))
    .addColumn('procurement_no', 'varchar(40)', (c) => c.notNull())
    .addColumn('site_id', 'bigint', (c) => c.notNull())
    .addColumn('order_id', 'bigint', (c) => c.notNull())
    .addColumn('order_no', 'varchar(40)', (c) => c.notNull())
    .addColumn('goods_id', 'bigint', (c) => c.notNull())
    .addColumn('goods_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('max_unit_price', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('source_id', 'bigint')
    .addColumn('connection_id', 'bigint')
    .addColumn('upstream_order_no', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('charged', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tried', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('cards_delivered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('docking_procurements_no_uq', ['procurement_no'])
    .addUniqueConstraint('docking_procurements_order_uq', ['order_id'])
    .execute();
  await db.schema
    .createIndex('docking_procurements_site_idx')
    .on('docking_procurements')
    .columns(['site_id', 'id'])
    .execute();

  await id(db.schema.createTable('docking_sync_logs'))
    .addColumn('goods_id', 'bigint', (c) => c.notNull())
    .addColumn('site_id', 'bigint', (c) => c.notNull())
    .addColumn('field', 'varchar(20)', (c) => c.notNull())
    .addColumn('from_value', 'varchar(300)', (c) => c.notNull())
    .addColumn('to_value', 'varchar(300)', (c) => c.notNull())
    .addColumn('note', 'varchar(300)', (c) => c.notNull())
    .addColumn('via', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('docking_sync_logs_site_idx')
    .on('docking_sync_logs')
    .columns(['site_id', 'id'])
    .execute();
}
