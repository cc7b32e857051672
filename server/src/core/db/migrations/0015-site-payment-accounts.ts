import type { Kysely } from 'kysely';

/**
 * A sub-site owner's own payment accounts (decision 0010): an account belongs to a site (NULL: the
 * platform's); an order paid into one records that site as its payee and the cost its owner paid the
 * platform at delivery (and has not got back yet). Additive only: NULL and 0 are what every existing
 * row means.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payment_accounts').addColumn('site_id', 'bigint').execute();
  await db.schema
    .createIndex('payment_accounts_site_idx')
    .on('payment_accounts')
    .columns(['site_id', 'enabled'])
    .execute();
  await db.schema.alterTable('orders').addColumn('payee_site_id', 'bigint').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('site_cost', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // The owner's list of orders to pay back (refund_due of their site).
  await db.schema.createIndex('orders_payee_status_idx').on('orders').columns(['payee_site_id', 'status']).execute();
}
