import type { Kysely } from 'kysely';

/**
 * Docking short deliveries (decision 0016): a procurement may take its cards from several upstream
 * orders ("parts", each with its own outerNumber), and the part no source could supply is refunded.
 * Open-API keys (both the default key and a member's extra keys) get the explicit opt-in to trade
 * without the sale password (decision 0015: acg-faka's shared-store protocol has no field for it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const columns = [
    ['part', 'integer', 1],
    ['part_quantity', 'integer', 0],
    ['parts', 'text', '[]'],
    ['refund_amount', 'bigint', 0],
  ] as const;
  for (const [name, type, value] of columns)
    await db.schema
      .alterTable('docking_procurements')
      .addColumn(name, type, (c) => c.notNull().defaultTo(value))
      .execute();
  for (const table of ['open_api_keys', 'openapi_keys'])
    await db.schema
      .alterTable(table)
      .addColumn('no_sale_pwd', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
}
