import type { Kysely } from 'kysely';

/**
 * Suspending a supplier pauses their goods on sale; reinstating them puts exactly those back (the
 * ones the supplier had paused themselves stay paused). The ids are kept on the supplier's row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('suppliers')
    .addColumn('suspended_goods', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}
