import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.js';

/**
 * Reseller sub-sites (decision 0009): versions and the prices parents sell them at, the site's own
 * settings and place in the tree, domains, price rules, shelf and directory overrides, special
 * customers, and the profit shares of orders. Additive only: the platform row keeps working as is.
 */
export async function up(db: Kysely<unknown>, { id }: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('sites')
    .addColumn('depth', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('sites')
    .addColumn('chain', 'varchar(400)', (c) => c.notNull().defaultTo('1'))
    .execute();
  for (const [name, type] of [
    ['version_id', 'bigint'],
    ['expires_at', 'bigint'],
    ['period', 'varchar(10)'],
    ['paid_price', 'bigint'],
    ['logo', 'varchar(255)'],
    ['keywords', 'varchar(200)'],
    ['description', 'varchar(500)'],
    ['contacts', 'text'],
    ['rounding', 'varchar(10)'],
    ['closed_reason', 'varchar(200)'],
    ['updated_at', 'bigint'],
  ] as const) {
    await db.schema.alterTable('sites').addColumn(name, type).execute();
  }
  await db.schema.createIndex('sites_owner_idx').on('sites').column('owner_user_id').execute();
  await db.schema.createIndex('sites_parent_idx').on('sites').column('parent_id').execute();

  await id(db.schema.createTable('site_versions'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('price_month', 'bigint')
    .addColumn('price_year', 'bigint')
    .addColumn('price_forever', 'bigint')
    .addColumn('level_id', 'bigint', (c) => c.notNull())
    .addColumn('own_domain', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('subdomain', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_children', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_goods', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('decoration', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('own_payment', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('open_api', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('on'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('site_version_prices'))
    .addColumn('site_id', 'bigint', (c) => c.notNull())
    .addColumn('version_id', 'bigint', (c) => c.notNull())
    .addColumn('price_month', 'bigint')
    .addColumn('price_year', 'bigint')
    .addColumn('price_forever', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('site_version_prices_uq', ['site_id', 'version_id'])
    .execute();

  await id(db.schema.createTable('site_domains'))
    .addColumn('site_id', 'bigint', (c) => c.notNull())
    .addColumn('host', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('token', 'varchar(64)', (c) => c.notNull())
    .addColumn('verified_at', 'bigint')
    .addColumn('checked_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('site_domains_site_idx').on('site_domains').column('site_id').execute();

  await id(db.schema.createTable('site_price_rules'))
    .addColumn('site_id', 'bigint', (c) => c.notNull())
    .addColumn('audience', 'varchar(10)', (c) => c.notNull())
    .addColumn('scope', 'varchar(10)', (c) => c.notNull())
    .addColumn('target_id', 'bigint')
    .addColumn('range_min', 'bigint')
    .addColumn('range_max', 'bigint')
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('site_price_rules_site_idx')
    .on('site_price_rules')
    .columns(['site_id', 'audience'])
    .execute();

  await id(db.schema.createTable('site_goods'))
    .addColumn('site_id', 'bigint', (c) => c.notNull())
    .addColumn('goods_id', 'bigint', (c) => c.notNull())
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('site_goods_uq', ['site_id', 'goods_id'])
    .execute();

  await id(db.schema.createTable('site_dirs'))
    .addColumn('site_id', 'bigint', (c) => c.notNull())
    .addColumn('dir_id', 'bigint', (c) => c.notNull())
    .addColumn('name', 'varchar(50)')
    .addColumn('sort', 'integer')
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('site_dirs_uq', ['site_id', 'dir_id'])
    .execute();

  await id(db.schema.createTable('site_customers'))
    .addColumn('site_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('markup_keep_bp', 'integer')
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('site_customers_uq', ['site_id', 'user_id'])
    .execute();

  await id(db.schema.createTable('site_purchases'))
    .addColumn('purchase_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('site_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('version_id', 'bigint', (c) => c.notNull())
    .addColumn('period', 'varchar(10)', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('credit', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('expires_before', 'bigint')
    .addColumn('expires_after', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('site_purchases_site_idx').on('site_purchases').column('site_id').execute();

  await id(db.schema.createTable('profit_shares'))
    .addColumn('order_id', 'bigint', (c) => c.notNull())
    .addColumn('ref_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('site_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('depth', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('reversed_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('release_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('profit_shares_order_idx').on('profit_shares').column('order_id').execute();
  await db.schema
    .createIndex('profit_shares_user_idx')
    .on('profit_shares')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('profit_shares_due_idx').on('profit_shares').columns(['status', 'release_at']).execute();
}
