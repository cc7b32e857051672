import type { Kysely } from 'kysely';

/** Visitors' unpaid orders are counted per client address at every visitor checkout. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('orders_client_ip_status_idx').on('orders').columns(['client_ip', 'status']).execute();
}
