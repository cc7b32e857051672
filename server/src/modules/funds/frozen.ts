import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import { creditBalance, recordLedger, type Movement } from './funds.service.js';
import { fundsRepo } from './funds.repo.js';

/**
 * Frozen money (profit shares waiting for their release day, decision 0009): `users.frozen_balance`
 * is funds' column like the balance (decision 0007). It is not in the ledger until released; the
 * shares table is its record.
 */
export async function raiseFrozen(db: Db, userId: number, amount: number): Promise<void> {
  if (amount > 0) await fundsRepo.moveFrozen(db, userId, amount);
}

export async function lowerFrozen(db: Db, userId: number, amount: number): Promise<void> {
  if (amount > 0) await fundsRepo.moveFrozen(db, userId, -amount);
}

/** Frozen money becomes balance, with its ledger row, in the caller's transaction. */
export async function releaseFrozen(db: Db, m: Movement): Promise<number> {
  await lowerFrozen(db, m.userId, m.amount);
  return creditBalance(db, m);
}

/**
 * Takes back money that was already paid out (a refund reversing a released profit share): the
 * balance may go below zero — the buyer was paid back, so the owner owes it. Ledger row as usual.
 */
export async function clawBack(db: Db, m: Movement): Promise<number> {
  if (!Number.isSafeInteger(m.amount) || m.amount <= 0) throw new RangeError('claw-back must be a positive integer');
  const row = await fundsRepo.takeBack(db, m.userId, m.amount);
  if (!row) throw businessError('MEMBER_NOT_FOUND');
  await recordLedger(db, m, -m.amount, Number(row.balance));
  return Number(row.balance);
}
