import type { ColumnType, Generated } from 'kysely';

/**
 * Column shapes shared by every tables file. Times are epoch milliseconds (BIGINT), money is
 * integer fen (BIGINT), booleans are 0/1, so one schema fits SQLite and PostgreSQL.
 */
export type Id = Generated<number>;
export type Flag = ColumnType<number, number | undefined, number>;
/** Money columns the code may leave to their default (0) on insert. */
export type Money = ColumnType<number, number | undefined, number>;
