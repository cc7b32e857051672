import { sql, type Kysely } from 'kysely';

/**
 * Publishing an event is one insert (core/events.ts): the job runner finds the events not yet
 * handed to their consumers by `dispatched_at` and sets it when it fans one out. Events written
 * before this release were fanned out by their own dispatch job (still handled), so they count
 * as dispatched. The partial index keeps the runner's poll cheap however long the outbox grows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('domain_events').addColumn('dispatched_at', 'bigint').execute();
  await sql`update domain_events set dispatched_at = created_at`.execute(db);
  await db.schema
    .createIndex('domain_events_undispatched_idx')
    .on('domain_events')
    .column('id')
    .where(sql.ref('dispatched_at'), 'is', null)
    .execute();
}
