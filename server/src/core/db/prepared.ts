import type { CompiledQuery, Compilable, Insertable, QueryResult, RawBuilder, Selectable } from 'kysely';
import { dialectOf, type Db, type Dialect } from './connect.js';
import type { Database } from './schema.js';

/**
 * A hot query built once per dialect and then only re-bound: on a point read Kysely's
 * builder and compiler cost more CPU than the database's execution (profiles of the order
 * lookup and checkout). `build` is written like any Kysely query, taking its varying values
 * as arguments; it runs once with a marker in each argument's place, and every call swaps the
 * markers in the compiled parameters for the real values. Works inside transactions (pass
 * the `trx`). Only for queries whose shape does not depend on the values (no `in` lists, no
 * optional conditions).
 */
export function prepared<A extends unknown[], R>(build: (db: Db, ...args: A) => Compilable<R>) {
  const compiled = new Map<Dialect, { query: CompiledQuery<R>; slots: number[] }>();
  const markers = Array.from({ length: build.length - 1 }, (_, i) => Symbol(`arg${i}`));

  function bind(db: Db, args: A): CompiledQuery<R> {
    const dialect = dialectOf(db);
    let entry = compiled.get(dialect);
    if (!entry) {
      const query = build(db, ...(markers as unknown as A)).compile();
      const slots = query.parameters.map((p) => (typeof p === 'symbol' ? markers.indexOf(p) : -1));
      // Every argument must land in the parameters once at least (not inlined, not dropped).
      if (markers.some((_, i) => !slots.includes(i)))
        throw new Error('a prepared query must use each argument as a bound value');
      entry = { query, slots };
      compiled.set(dialect, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((p, i) => (slots[i] >= 0 ? args[slots[i]] : p));
    return { ...query, parameters };
  }

  return {
    async all(db: Db, ...args: A): Promise<R[]> {
      return (await db.executeQuery(bind(db, args))).rows;
    },
    async first(db: Db, ...args: A): Promise<R | undefined> {
      return (await db.executeQuery(bind(db, args))).rows[0];
    },
    /** For writes: the number of rows changed. */
    async run(db: Db, ...args: A): Promise<number> {
      return Number((await db.executeQuery(bind(db, args))).numAffectedRows ?? 0n);
    },
  };
}

type TableName = keyof Database & string;

/**
 * A single-row INSERT built once per dialect and column set (the row's own keys, so columns
 * left out keep their database defaults), then only re-bound: Kysely creates an operation node
 * per value, which showed in checkout profiles (an order has 35 columns). Inside transactions
 * too. `returning`: the whole row, or nothing.
 */
export function preparedInsert<T extends TableName>(table: T, returning: 'all' | 'none') {
  const compiled = new Map<string, { query: CompiledQuery; columns: string[] }>();
  return async (db: Db, row: Insertable<Database[T]>): Promise<Selectable<Database[T]> | undefined> => {
    const values = row as Record<string, unknown>;
    // As in Kysely, a key whose value is undefined is not a column of the insert.
    const columns = Object.keys(values).filter((c) => values[c] !== undefined);
    const key = `${dialectOf(db)}|${columns.join(',')}`;
    let entry = compiled.get(key);
    if (!entry) {
      const markers = Object.fromEntries(columns.map((c) => [c, Symbol(c)]));
      const insert = db.insertInto(table).values(markers as never);
      const query = (returning === 'all' ? insert.returningAll() : insert).compile() as CompiledQuery;
      const order = query.parameters.map((p) => (typeof p === 'symbol' ? (p.description ?? '') : ''));
      if (order.some((c) => c === '') || order.length !== columns.length)
        throw new Error(`prepared insert into ${table}: unexpected parameters`);
      entry = { query, columns: order };
      compiled.set(key, entry);
    }
    const parameters = entry.columns.map((c) => values[c]);
    const result = await db.executeQuery({ ...entry.query, parameters });
    return result.rows[0] as Selectable<Database[T]> | undefined;
  };
}

/**
 * A long hand-written statement (sql`…`) built once per dialect and shape, then only re-bound:
 * for the PostgreSQL checkout, whose one statement of sixty parameters cost more of the app's CPU
 * to build and compile on every order (operation nodes, frozen, visited, the text joined) than
 * everything else it does. `shape` is what the text depends on (the columns the row has), named by
 * its `key`. `values` are positional: `build` gets a marker in each one's place and must use every
 * one as a bound value; each call passes as many, in the same order. Bounded: past `maxShapes`
 * shapes the cache starts again.
 */
export function preparedStatement<S extends { key: string }, R>(
  build: (values: readonly unknown[], shape: S) => RawBuilder<R>,
  maxShapes = 16,
) {
  const compiled = new Map<string, { query: CompiledQuery<R>; slots: number[] }>();
  return async (db: Db, shape: S, values: readonly unknown[]): Promise<QueryResult<R>> => {
    const key = `${dialectOf(db)}|${shape.key}`;
    let entry = compiled.get(key);
    if (!entry) {
      const markers = values.map((_, i) => Symbol(`value ${i}`));
      const query = build(markers, shape).compile(db);
      const slots = query.parameters.map((p) => (typeof p === 'symbol' ? markers.indexOf(p) : -1));
      const unused = markers.findIndex((_, i) => !slots.includes(i));
      if (unused >= 0) throw new Error(`a prepared statement must use value ${unused} as a bound value`);
      if (compiled.size >= maxShapes) compiled.clear();
      entry = { query, slots };
      compiled.set(key, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((p, i) => (slots[i]! >= 0 ? values[slots[i]!] : p));
    return db.executeQuery({ ...query, parameters });
  };
}
