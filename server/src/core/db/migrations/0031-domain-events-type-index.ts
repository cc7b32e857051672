import type { Kysely } from 'kysely';

/**
 * `domain_events (type, created_at)` was made for reading events by kind; nothing reads them so
 * (the dispatcher walks the partial index of undispatched ids, consumers read by id). Every checkout
 * writes two events and dispatching updates both, so the index cost four entries per order for no
 * reader. A later reader by kind brings its own index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('domain_events_type_idx').execute();
}
