import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import { fundsRepo as repo } from './funds.repo.js';
import { creditBalance, record, type Movement } from './funds.service.js';

/**
 * The frozen balance (users.frozen_balance, decision 0007): money a member earned that is not yet
 * theirs to spend — a sub-site owner's profit shares until their release time (decision 0009).
 * It is no part of the balance nor of the ledger; it becomes balance, with a ledger row, when
 * released. Every function takes the caller's transaction.
 */

/** What a ledger row of a frozen-money move refers to. */
export type FrozenRef = Pick<Movement, 'type' | 'refType' | 'refId' | 'memo'>;

function positive(amount: number, what: string): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`${what} amount must be a positive integer`);
}

/** Adds earned, not yet payable money to a member's frozen balance. */
export async function raiseFrozen(trx: Db, userId: number, amount: number): Promise<void> {
  positive(amount, 'frozen');
  if (!(await repo.shiftFrozen(trx, userId, amount))) throw businessError('MEMBER_NOT_FOUND');
}

/** Takes money back out of the frozen balance (a refund reversed a frozen share). Never below 0. */
export async function lowerFrozen(trx: Db, userId: number, amount: number): Promise<void> {
  positive(amount, 'frozen');
  if (!(await repo.shiftFrozen(trx, userId, -amount)))
    throw new Error(`frozen balance of member ${userId} is short of ${amount}`);
}

/** Frozen money becomes balance: the frozen balance falls, the balance rises, one ledger row. Answers the balance. */
export async function releaseFrozen(trx: Db, userId: number, amount: number, ref: FrozenRef): Promise<number> {
  await lowerFrozen(trx, userId, amount);
  return creditBalance(trx, { userId, amount, ...ref });
}

/**
 * Takes released money back from a balance with its ledger row, even below 0 (the money went back
 * to a buyer; the member owes it). Answers the balance after.
 */
export async function clawBack(trx: Db, userId: number, amount: number, ref: FrozenRef): Promise<number> {
  positive(amount, 'clawback');
  const row = await repo.shift(trx, userId, -amount);
  if (!row) throw businessError('MEMBER_NOT_FOUND');
  await record(trx, { userId, amount, ...ref }, -amount, Number(row.balance));
  return Number(row.balance);
}
