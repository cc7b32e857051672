import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.js';

/**
 * Promotion (推广): commissions on invitees' delivered orders (one row per order, level and who
 * pays it), the moves between commissions and balances (collects, claw-backs), one lock row per
 * earner (collects and reversals of one earner take turns on it), the admin's per-directory and
 * per-goods rates and the sub-site owners' extra rates. Additive only: new tables.
 */
export async function up(db: Kysely<unknown>, { id }: MigrationContext): Promise<void> {
  await id(db.schema.createTable('promotion_commissions'))
    .addColumn('order_id', 'bigint', (c) => c.notNull())
    .addColumn('order_no', 'varchar(40)', (c) => c.notNull())
    .addColumn('site_id', 'bigint', (c) => c.notNull())
    .addColumn('buyer_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('source', 'varchar(10)', (c) => c.notNull())
    .addColumn('funder_id', 'bigint')
    .addColumn('base', 'bigint', (c) => c.notNull())
    .addColumn('refund_base', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rate_bp', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('reversed_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('collected_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('block_reason', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('frozen_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('promotion_commissions_uq', ['order_id', 'level', 'source'])
    .execute();
  await db.schema
    .createIndex('promotion_commissions_user_idx')
    .on('promotion_commissions')
    .columns(['user_id', 'status', 'frozen_at'])
    .execute();
  await db.schema
    .createIndex('promotion_commissions_buyer_idx')
    .on('promotion_commissions')
    .columns(['buyer_id', 'user_id'])
    .execute();

  await id(db.schema.createTable('promotion_collects'))
    .addColumn('collect_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('order_id', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('promotion_collects_user_idx')
    .on('promotion_collects')
    .columns(['user_id', 'id'])
    .execute();

  await db.schema
    .createTable('promotion_members')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('promotion_rate_overrides'))
    .addColumn('scope', 'varchar(10)', (c) => c.notNull())
    .addColumn('target_id', 'bigint', (c) => c.notNull())
    .addColumn('rate1', 'integer', (c) => c.notNull())
    .addColumn('rate2', 'integer', (c) => c.notNull())
    .addColumn('rate3', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('promotion_rate_overrides_uq', ['scope', 'target_id'])
    .execute();

  await db.schema
    .createTable('promotion_site_rates')
    .addColumn('site_id', 'bigint', (c) => c.primaryKey())
    .addColumn('rate1', 'integer', (c) => c.notNull())
    .addColumn('rate2', 'integer', (c) => c.notNull())
    .addColumn('rate3', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}
