import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.js';

/**
 * Redemption codes (decision 0012): batches, codes stored as keyed hashes with a short link id, and
 * redemptions (one per member per code). Additive only.
 */
export async function up(db: Kysely<unknown>, { id }: MigrationContext): Promise<void> {
  await id(db.schema.createTable('cdk_batches'))
    .addColumn('site_id', 'bigint', (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('goods_id', 'bigint')
    .addColumn('goods_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('unit_paid', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('shares', 'text')
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('uses', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('creator_user_id', 'bigint')
    .addColumn('creator_staff', 'varchar(80)', (c) => c.notNull().defaultTo(''))
    .addColumn('for_site', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('voided_at', 'bigint')
    .execute();
  await db.schema.createIndex('cdk_batches_creator_idx').on('cdk_batches').columns(['creator_user_id', 'id']).execute();

  await id(db.schema.createTable('cdk_codes'))
    .addColumn('batch_id', 'bigint', (c) => c.notNull())
    .addColumn('site_id', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('short', 'varchar(20)', (c) => c.notNull())
    .addColumn('hint', 'varchar(20)', (c) => c.notNull())
    .addColumn('code_sealed', 'text')
    .addColumn('creator_user_id', 'bigint')
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('uses', 'integer', (c) => c.notNull())
    .addColumn('used_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint')
    .addColumn('last_used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('cdk_codes_hash_uq', ['code_hash'])
    .addUniqueConstraint('cdk_codes_short_uq', ['short'])
    .execute();
  await db.schema.createIndex('cdk_codes_batch_idx').on('cdk_codes').columns(['batch_id', 'id']).execute();
  await db.schema.createIndex('cdk_codes_creator_idx').on('cdk_codes').columns(['creator_user_id', 'id']).execute();

  await id(db.schema.createTable('cdk_redemptions'))
    .addColumn('code_id', 'bigint', (c) => c.notNull())
    .addColumn('batch_id', 'bigint', (c) => c.notNull())
    .addColumn('site_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint')
    .addColumn('order_id', 'bigint')
    .addColumn('order_no', 'varchar(40)')
    .addColumn('amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // One redemption per member per code (NULL users, visitors, are distinct on both dialects).
    .addUniqueConstraint('cdk_redemptions_member_uq', ['code_id', 'user_id'])
    .execute();
  await db.schema.createIndex('cdk_redemptions_user_idx').on('cdk_redemptions').columns(['user_id', 'id']).execute();
}
