import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import { recordLedger, type Movement } from './funds.service.js';
import { fundsRepo } from './funds.repo.js';

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
