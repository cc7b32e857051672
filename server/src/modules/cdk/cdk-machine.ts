import { defineMachine } from '../../core/fsm.js';
import type { CdkBatchesTable, CdkCodesTable } from './tables.js';

/**
 * A code is redeemable while `active`; its last use moves it to `used` (in the redemption's
 * transaction, after the conditional increment of `used_count`); staff, or the member who bought
 * it, void an unused one. Expiry is a time, read with the status, never a stored move.
 */
export const cdkCodeMachine = defineMachine<CdkCodesTable['status'], 'cdk_codes'>(
  'cdkCode',
  { active: ['used', 'voided'], used: [], voided: [] },
  { table: 'cdk_codes' },
);

/** A batch is voided once: its unused codes with it. */
export const cdkBatchMachine = defineMachine<CdkBatchesTable['status'], 'cdk_batches'>(
  'cdkBatch',
  { active: ['voided'], voided: [] },
  { table: 'cdk_batches' },
);
