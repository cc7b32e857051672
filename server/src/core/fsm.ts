import { BusinessError } from './errors.js';
import { Codes } from '@kapu/contract';

/**
 * A state machine as data (STYLE habit 3): which status may follow which. Modules declare
 * theirs (orders, payments, withdrawals…) and write `status` only through `assertTransition`
 * plus a conditional update `WHERE status = from`, so a concurrent writer loses cleanly.
 */
export type Transitions<S extends string> = Readonly<Record<S, readonly S[]>>;

export function defineMachine<S extends string>(name: string, transitions: Readonly<Record<S, readonly NoInfer<S>[]>>) {
  return {
    name,
    transitions,
    can(from: S, to: S): boolean {
      return transitions[from]?.includes(to) ?? false;
    },
    /** Throws a CONFLICT business error when `to` may not follow `from`. */
    assert(from: S, to: S): void {
      if (!(transitions[from]?.includes(to) ?? false)) {
        throw new BusinessError(Codes.CONFLICT.code, `状态不允许从「${from}」变为「${to}」`, {
          machine: name,
          from,
          to,
        });
      }
    },
    /** States with no way out. */
    finals(): S[] {
      return (Object.keys(transitions) as S[]).filter((s) => transitions[s].length === 0);
    },
  };
}

/** Checks the result of the conditional update: 0 rows means someone else moved it first. */
export function expectOneRow(updated: bigint | number, machine: string): void {
  if (Number(updated) !== 1) {
    throw new BusinessError(Codes.CONFLICT.code, Codes.CONFLICT.msg, { machine });
  }
}
