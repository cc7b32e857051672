import type { SelectQueryBuilder } from 'kysely';
import type { Db } from './db/connect.js';
import type { Database } from './db/schema.js';

/** A subquery of the ids of orders whose money must stay frozen (an open complaint, decision 0011). */
export type HeldOrdersQuery = (db: Db) => SelectQueryBuilder<Database, keyof Database, { order_id: number }>;

/** Anything with a `where(column, 'not in', subquery)`: a select or an update. */
interface Whereable<T> {
  where(column: string, op: 'not in', values: ReturnType<HeldOrdersQuery>): T;
}

/**
 * Who holds orders' money. A module that holds (complaints) registers a subquery at start; the jobs that
 * release money (profit shares, supplier settlements) compose `whereNotHeld` into the very statement that
 * moves an entry out of `frozen`, so a hold taken while a release runs still wins: the update finds 0 rows.
 */
export class OrderHolds {
  private readonly sources: HeldOrdersQuery[] = [];

  register(source: HeldOrdersQuery): void {
    this.sources.push(source);
  }

  /** Adds `column not in (held orders)` for every registered source; unchanged when nothing holds. */
  whereNotHeld<T extends Whereable<T>>(db: Db, query: T, column: string): T {
    return this.sources.reduce((q, source) => q.where(column, 'not in', source(db)), query);
  }
}
