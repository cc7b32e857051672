import { CompiledQuery, InsertQueryNode, TableNode, sql } from 'kysely';
import { dialectOf, type Db } from './connect.js';
import type { Database } from './schema.js';

type TableName = keyof Database & string;

/**
 * A multi-row INSERT for the outbox's hot paths (a consumer's chunk of fifty messages), written
 * as plain SQL text instead of through Kysely's builder. `values([...])` makes an
 * operation node per value and compiles them all on every call, and PostgreSQL then parses and
 * plans a VALUES list of one parameter per value (450 for fifty messages): on a checkout burst
 * that was most of what each order's in-app message cost. On PostgreSQL the rows travel as one
 * array per column (`insert … select * from unnest($1::bigint[], …)`): one fixed statement, one
 * parameter per column. SQLite runs in-process and has no arrays: a VALUES list there.
 *
 * `columns` name the columns in the order of each row's values. `conflict` is SQL both databases
 * read alike (`on conflict ("a", "b") do nothing`, `… do update set …`), without parameters;
 * `returning` one column.
 */
export async function insertMany<T extends TableName, R = never>(
  db: Db,
  table: T,
  columns: ReadonlyArray<keyof Database[T] & string>,
  rows: ReadonlyArray<readonly unknown[]>,
  options: { conflict?: string; returning?: keyof Database[T] & string } = {},
): Promise<R[]> {
  if (rows.length === 0) return [];
  const into = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')})`;
  const tail = `${options.conflict ?? ''}${options.returning ? ` returning "${options.returning}"` : ''}`;
  if (dialectOf(db) === 'postgres') {
    const types = await columnTypes(db, table);
    const casts = columns.map((c, i) => {
      const type = types.get(c);
      if (!type) throw new Error(`insertMany: ${table}.${c} is not a column`);
      return `$${i + 1}::${type}[]`;
    });
    const query: CompiledQuery<R> = CompiledQuery.raw(
      `${into} select * from unnest(${casts.join(', ')}) ${tail}`,
      columns.map((_, i) => rows.map((r) => r[i])),
    );
    return (await db.executeQuery(query)).rows;
  }
  // SQLite binds at most 32,766 parameters to a statement.
  const row = `(${columns.map(() => '?').join(', ')})`;
  const per = Math.floor(SQLITE_MAX_PARAMETERS / columns.length);
  const answers: R[] = [];
  // The statement's node names its table, so that SQLite's write tracking counts it as an insert into
  // that table alone (sqlite-driver.ts): as raw SQL it counted as a write to everything, and every read
  // cache of the process missed after each chunk an outbox consumer wrote (in-app messages on checkouts).
  const node = InsertQueryNode.create(TableNode.create(table));
  for (let at = 0; at < rows.length; at += per) {
    const part = rows.slice(at, at + per);
    const raw = CompiledQuery.raw(`${into} values ${part.map(() => row).join(', ')} ${tail}`, part.flat());
    answers.push(...(await db.executeQuery<R>({ ...raw, query: node })).rows);
  }
  return answers;
}
const SQLITE_MAX_PARAMETERS = 32_000;

/**
 * A table's column types on PostgreSQL (for casts in statements built by hand), read once per
 * process: the schema is the migrations'.
 */
const typesOf = new Map<string, Promise<Map<string, string>>>();
export function columnTypes(db: Db, table: string): Promise<Map<string, string>> {
  let types = typesOf.get(table);
  if (!types) {
    types = sql<{ column_name: string; data_type: string }>`
      select column_name, data_type from information_schema.columns
      where table_schema = current_schema() and table_name = ${table}
    `
      .execute(db)
      .then((r) => new Map(r.rows.map((c) => [c.column_name, c.data_type])));
    types.catch(() => typesOf.delete(table));
    typesOf.set(table, types);
  }
  return types;
}
