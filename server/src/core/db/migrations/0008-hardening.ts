import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Visitors' unpaid orders are counted per client address at every visitor checkout.
  await db.schema.createIndex('orders_client_ip_status_idx').on('orders').columns(['client_ip', 'status']).execute();
  // The simulated cashier has one name everywhere (it was shown under two).
  await sql`update payment_accounts set display_name = '模拟支付' where gateway = 'sandbox' and display_name = '模拟支付（演示）'`.execute(
    db,
  );
}
