import type { Kysely, UpdateQueryBuilder, UpdateResult, Updateable } from 'kysely';
import { BusinessError } from './errors.js';
import { Codes } from '@kapu/contract';
import type { Db } from './db/connect.js';
import type { Database } from './db/schema.js';
import { withFields } from './objects.js';

/**
 * A state machine as data: which status may follow which, and where the status
 * lives. Modules declare theirs next to their code and write the status only through
 * `statusUpdate` / `moveStatus` below: the transition is asserted, then one conditional update
 * `WHERE status = from` runs, so a concurrent writer loses cleanly (0 rows) instead of overwriting.
 */
export type Transitions<S extends string> = Readonly<Record<S, readonly S[]>>;

/** Tables that have a column holding a status of this machine. */
export interface MachineStore<T extends keyof Database> {
  table: T;
  /** The status column; default `status`. */
  column?: keyof Database[T] & string;
}

export interface Machine<S extends string, T extends keyof Database = keyof Database> {
  name: string;
  transitions: Transitions<S>;
  store: Required<MachineStore<T>>;
  can(from: S, to: S): boolean;
  /** Throws a CONFLICT business error when `to` may not follow `from`. */
  assert(from: S, to: S): void;
  /** States with no way out. */
  finals(): S[];
}

export function defineMachine<S extends string, T extends keyof Database>(
  name: string,
  transitions: Readonly<Record<S, readonly NoInfer<S>[]>>,
  store: MachineStore<T>,
): Machine<S, T> {
  return {
    name,
    transitions,
    store: { table: store.table, column: store.column ?? ('status' as keyof Database[T] & string) },
    can(from: S, to: S): boolean {
      return transitions[from]?.includes(to) ?? false;
    },
    assert(from: S, to: S): void {
      if (!(transitions[from]?.includes(to) ?? false)) {
        throw new BusinessError(Codes.CONFLICT.code, `状态不允许从「${from}」变为「${to}」`, {
          machine: name,
          from,
          to,
        });
      }
    },
    finals(): S[] {
      return (Object.keys(transitions) as S[]).filter((s) => transitions[s].length === 0);
    },
  };
}

/** Other columns written with the status (never the status itself: that is `to`). */
export type StatusSet<T extends keyof Database> = Omit<Updateable<Database[T]>, 'id' | 'status'>;

/**
 * The one writer of status columns: asserts every `from → to` of the machine and answers the
 * conditional update `UPDATE <table> SET <status> = to, … WHERE <status> IN (from)`. The caller
 * adds which rows (`.where('id', '=', id)`, an order's cards…) and executes it, reading the
 * updated row count as the lost-race value. Built this way so prepared statements
 * (core/db/prepared.ts) and bulk moves use the same writer as single rows.
 */
export function statusUpdate<S extends string, T extends keyof Database>(
  db: Db,
  machine: Machine<S, T>,
  from: S | readonly S[],
  to: S,
  set: StatusSet<T> = {} as StatusSet<T>,
): UpdateQueryBuilder<Database, T, T, UpdateResult> {
  const froms = (Array.isArray(from) ? from : [from]) as readonly S[];
  for (const f of froms) machine.assert(f, to);
  const { table, column } = machine.store;
  // Kysely cannot check a column chosen at run time; the machine's store names a real one.
  const loose = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const values: Record<string, unknown> = withFields(set as Record<string, unknown>, { [column]: to });
  const update = loose
    .updateTable(table as string)
    .set(values)
    .where(column as string, froms.length === 1 ? '=' : 'in', (froms.length === 1 ? froms[0] : [...froms]) as string);
  return update as unknown as UpdateQueryBuilder<Database, T, T, UpdateResult>;
}

/** One row by id: answers false when another writer moved it first (or it is not in `from`). */
export async function moveStatus<S extends string, T extends keyof Database>(
  db: Db,
  machine: Machine<S, T>,
  id: number,
  from: S | readonly S[],
  to: S,
  set?: StatusSet<T>,
): Promise<boolean> {
  const update = statusUpdate(db, machine, from, to, set) as unknown as UpdateQueryBuilder<
    Record<string, { id: number }>,
    string,
    string,
    UpdateResult
  >;
  const res = await update.where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Checks the result of the conditional update: 0 rows means someone else moved it first. */
export function expectOneRow(updated: bigint | number, machine: string): void {
  if (Number(updated) !== 1) {
    throw new BusinessError(Codes.CONFLICT.code, Codes.CONFLICT.msg, { machine });
  }
}
