import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.js';

/**
 * Commerce core: catalog (directories, brands, goods, level prices, wholesale tiers,
 * favourites, goods log), card stock (batches, cards), orders (+ delivered cards), ledger.
 * Every price rule and order carries `site_id` (sub-sites later); goods and cards have an
 * owner (NULL = platform, else a supplier user); orders snapshot name, price and cost.
 */
export async function up(db: Kysely<unknown>, { id }: MigrationContext): Promise<void> {
  await id(db.schema.createTable('goods_dirs'))
    .addColumn('site_id', 'bigint', (c) => c.notNull().references('sites.id'))
    .addColumn('parent_id', 'bigint', (c) => c.references('goods_dirs.id'))
    .addColumn('name', 'varchar(30)', (c) => c.notNull())
    .addColumn('icon', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('goods_dirs_site_idx')
    .on('goods_dirs')
    .columns(['site_id', 'parent_id', 'sort'])
    .execute();

  await id(db.schema.createTable('brands'))
    .addColumn('site_id', 'bigint', (c) => c.notNull().references('sites.id'))
    .addColumn('dir_id', 'bigint', (c) => c.references('goods_dirs.id'))
    .addColumn('name', 'varchar(30)', (c) => c.notNull())
    .addColumn('logo', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('brands_site_idx').on('brands').columns(['site_id', 'dir_id', 'sort']).execute();

  await id(db.schema.createTable('goods'))
    .addColumn('site_id', 'bigint', (c) => c.notNull().references('sites.id'))
    .addColumn('owner_user_id', 'bigint', (c) => c.references('users.id'))
    .addColumn('dir_id', 'bigint', (c) => c.notNull().references('goods_dirs.id'))
    .addColumn('brand_id', 'bigint', (c) => c.references('brands.id'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'varchar(10)', (c) => c.notNull())
    .addColumn('face_value', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('cost', 'bigint', (c) => c.notNull().defaultTo(0))
    // Count stock of non-card goods (NULL = unlimited); card goods count their cards.
    .addColumn('stock', 'bigint')
    .addColumn('sold_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('recharge_template', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('min_quantity', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('max_quantity', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('multiple', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('per_user_limit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visitor_allowed', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('contact_type', 'varchar(10)', (c) => c.notNull().defaultTo('any'))
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hot', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('recommended', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('loop_card', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('allow_repeal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('goods_list_idx')
    .on('goods')
    .columns(['site_id', 'status', 'dir_id', 'sort', 'id'])
    .execute();
  await db.schema.createIndex('goods_brand_idx').on('goods').columns(['site_id', 'brand_id']).execute();
  await db.schema.createIndex('goods_owner_idx').on('goods').columns(['owner_user_id']).execute();

  await id(db.schema.createTable('goods_prices'))
    .addColumn('site_id', 'bigint', (c) => c.notNull().references('sites.id'))
    .addColumn('goods_id', 'bigint', (c) => c.notNull().references('goods.id'))
    .addColumn('level_id', 'bigint', (c) => c.notNull().references('member_levels.id'))
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('goods_prices_goods_level_uq', ['goods_id', 'level_id'])
    .execute();

  await id(db.schema.createTable('goods_wholesale'))
    .addColumn('site_id', 'bigint', (c) => c.notNull().references('sites.id'))
    .addColumn('goods_id', 'bigint', (c) => c.notNull().references('goods.id'))
    .addColumn('min_quantity', 'integer', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('goods_wholesale_goods_min_uq', ['goods_id', 'min_quantity'])
    .execute();

  await id(db.schema.createTable('card_batches'))
    .addColumn('goods_id', 'bigint', (c) => c.notNull().references('goods.id'))
    .addColumn('owner_user_id', 'bigint')
    .addColumn('note', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('lines', 'integer', (c) => c.notNull())
    .addColumn('imported', 'integer', (c) => c.notNull())
    .addColumn('duplicates', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'varchar(60)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('card_batches_goods_idx').on('card_batches').columns(['goods_id', 'id']).execute();

  await id(db.schema.createTable('cards'))
    .addColumn('goods_id', 'bigint', (c) => c.notNull().references('goods.id'))
    .addColumn('batch_id', 'bigint', (c) => c.notNull().references('card_batches.id'))
    .addColumn('owner_user_id', 'bigint')
    // AES-256-GCM: base64url(iv | tag | ciphertext); `hmac` = HMAC-SHA256 of the plain text.
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('hmac', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('order_id', 'bigint')
    .addColumn('reserved_until', 'bigint')
    .addColumn('sold_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('cards_goods_hmac_uq', ['goods_id', 'hmac'])
    .execute();
  // The reservation query: first available cards of a goods, in id order.
  await db.schema.createIndex('cards_take_idx').on('cards').columns(['goods_id', 'status', 'id']).execute();
  await db.schema.createIndex('cards_order_idx').on('cards').columns(['order_id']).execute();
  await db.schema.createIndex('cards_batch_idx').on('cards').columns(['batch_id']).execute();

  await id(db.schema.createTable('orders'))
    .addColumn('order_no', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('site_id', 'bigint', (c) => c.notNull().references('sites.id'))
    .addColumn('user_id', 'bigint', (c) => c.references('users.id'))
    .addColumn('goods_id', 'bigint', (c) => c.notNull().references('goods.id'))
    .addColumn('goods_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('goods_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('goods_owner_id', 'bigint')
    .addColumn('level_id', 'bigint')
    .addColumn('unit_price', 'bigint', (c) => c.notNull())
    .addColumn('unit_cost', 'bigint', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('contact', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('query_pwd_hash', 'varchar(200)')
    .addColumn('recharge_inputs', 'text')
    .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('pay_method', 'varchar(20)')
    .addColumn('pay_ref', 'varchar(100)')
    .addColumn('paid_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .addColumn('delivered_at', 'bigint')
    .addColumn('delivery_text', 'text')
    .addColumn('refund_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('refund_reason', 'varchar(200)')
    .addColumn('refunded_at', 'bigint')
    .addColumn('ship_name', 'varchar(30)')
    .addColumn('ship_phone', 'varchar(20)')
    .addColumn('ship_address', 'varchar(200)')
    .addColumn('express_carrier', 'varchar(30)')
    .addColumn('express_no', 'varchar(40)')
    .addColumn('shipped_at', 'bigint')
    .addColumn('client_ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('orders_site_status_idx').on('orders').columns(['site_id', 'status', 'id']).execute();
  await db.schema
    .createIndex('orders_goods_user_idx')
    .on('orders')
    .columns(['goods_id', 'user_id', 'status'])
    .execute();
  await db.schema.createIndex('orders_contact_idx').on('orders').columns(['contact']).execute();

  await id(db.schema.createTable('order_cards'))
    .addColumn('order_id', 'bigint', (c) => c.notNull().references('orders.id'))
    .addColumn('card_id', 'bigint', (c) => c.notNull().references('cards.id'))
    .addColumn('repeal_status', 'varchar(10)', (c) => c.notNull().defaultTo('none'))
    .addColumn('repeal_reason', 'varchar(200)')
    .addColumn('repeal_note', 'varchar(200)')
    .addColumn('repeal_requested_at', 'bigint')
    .addColumn('repeal_handled_at', 'bigint')
    .addUniqueConstraint('order_cards_uq', ['order_id', 'card_id'])
    .execute();
  await db.schema.createIndex('order_cards_repeal_idx').on('order_cards').columns(['repeal_status', 'id']).execute();

  await id(db.schema.createTable('favorites'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('goods_id', 'bigint', (c) => c.notNull().references('goods.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('favorites_uq', ['user_id', 'goods_id'])
    .execute();
  await db.schema.createIndex('favorites_goods_idx').on('favorites').columns(['goods_id']).execute();

  await id(db.schema.createTable('goods_logs'))
    .addColumn('goods_id', 'bigint', (c) => c.notNull().references('goods.id'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('before_value', 'varchar(200)', (c) => c.notNull())
    .addColumn('after_value', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('goods_logs_goods_idx').on('goods_logs').columns(['goods_id', 'id']).execute();

  await id(db.schema.createTable('ledger_entries'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('ref_type', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('ref_id', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('memo', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('operator', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_user_idx').on('ledger_entries').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('ledger_ref_idx').on('ledger_entries').columns(['ref_type', 'ref_id']).execute();
}
