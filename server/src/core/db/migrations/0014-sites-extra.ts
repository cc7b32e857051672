import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.js';

/**
 * Sub-site purchases (decision 0009): one site per member, held by the database (two opens at
 * once leave one site), and which expiry reminder a site had for its current period (7, 3, 1
 * days before; each once). Additive: a unique index on a column only sub-sites fill, and a
 * nullable column.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema.createIndex('sites_owner_uq').on('sites').column('owner_user_id').unique().execute();
  await db.schema.alterTable('sites').addColumn('reminded_days', 'integer').execute();
}
