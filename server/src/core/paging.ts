import { sql, type SelectQueryBuilder } from 'kysely';
import type { PageRequest, Paged } from '@kapu/contract';

/**
 * Runs one page of a list query and counts all its matches, answering the one page shape.
 * `query` is the full row query (filters, selections, order); the count reuses its filters with the
 * selections and order dropped, so the two can never disagree about what matches. Not for grouped queries
 * (the count would count groups' rows).
 */
export async function fetchPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  { page, pageSize }: PageRequest,
): Promise<Paged<O>> {
  const counted = await query
    .clearSelect()
    .clearOrderBy()
    // count(*) comes back as a string from PostgreSQL (bigint) and a number from SQLite.
    .select(sql<number | string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  const list = await query
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { list, total: Number((counted as { n: number | string }).n), page, pageSize };
}

/** A page with each row turned into its answer view. */
export function mapPage<T, R>(paged: Paged<T>, view: (row: T) => R): Paged<R> {
  return { ...paged, list: paged.list.map(view) };
}
