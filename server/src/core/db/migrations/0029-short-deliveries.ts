import type { Kysely } from 'kysely';

/**
 * Docking short deliveries (decision 0016): a procurement may take its cards from several upstream
 * orders ("parts", each with its own outerNumber), and the part no source could supply is refunded.
 * Open-API keys (both the default key and a member's extra keys) get the explicit opt-in to trade
 * without the sale password (decision 0015: acg-faka's shared-store protocol has no field for it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('docking_procurements')
    .addColumn('part', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('docking_procurements')
    .addColumn('part_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('docking_procurements')
    .addColumn('parts', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('docking_procurements')
    .addColumn('refund_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const table of ['open_api_keys', 'openapi_keys'])
    await db.schema
      .alterTable(table)
      .addColumn('no_sale_pwd', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
}
