import { sql, type Kysely } from 'kysely';

/**
 * Two indexes of `orders` serve only some orders: those paid into a sub-site owner's own payment
 * account (`payee_site_id`) and those of a supplier's or site owner's goods (`goods_owner_id`).
 * Most orders have neither, yet every order's insert and every status change wrote an entry for
 * them. Partial indexes hold only the rows that have the column set; the queries that use them ask
 * for one value (`= ?`), which both databases match to the index's condition.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_payee_status_idx').execute();
  await db.schema
    .createIndex('orders_payee_status_idx')
    .on('orders')
    .columns(['payee_site_id', 'status'])
    .where(sql.ref('payee_site_id'), 'is not', null)
    .execute();
  await db.schema.dropIndex('orders_goods_owner_idx').execute();
  await db.schema
    .createIndex('orders_goods_owner_idx')
    .on('orders')
    .columns(['goods_owner_id', 'id'])
    .where(sql.ref('goods_owner_id'), 'is not', null)
    .execute();
}
