import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.js';

/**
 * acg-faka 共享店铺 served by Kapu (decision 0015): each trade an acg-faka shop places with its
 * `request_no`, claimed before the order is made, so the same request never buys twice (acg-faka's
 * own rule: "The request ID already exists"). Additive only.
 */
export async function up(db: Kysely<unknown>, { id }: MigrationContext): Promise<void> {
  await id(db.schema.createTable('shared_store_trades'))
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('request_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('order_no', 'varchar(32)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('shared_store_trades_request_uq')
    .on('shared_store_trades')
    .columns(['user_id', 'request_no'])
    .unique()
    .execute();
}
