import type { Kysely } from 'kysely';

/** Sales counts are recomputed from recently paid orders (not bumped inside each payment). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('orders_paid_at_idx').on('orders').columns(['paid_at']).execute();
}
