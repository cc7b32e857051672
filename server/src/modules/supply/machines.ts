import { defineMachine } from '../../core/fsm.js';
import type { SuppliersTable, SupplyReviewsTable, SupplySettlementsTable, SupplyTasksTable } from './tables.js';

/**
 * A supplier: applied (pending), approved (active) or rejected (may apply again); the platform
 * suspends an active supplier and reinstates them.
 */
export const supplierMachine = defineMachine<SuppliersTable['status'], 'suppliers'>(
  'supplier',
  {
    pending: ['active', 'rejected'],
    rejected: ['pending'],
    active: ['suspended'],
    suspended: ['active'],
  },
  { table: 'suppliers' },
);

/** A review of new goods or a cost rise: decided once. */
export const reviewMachine = defineMachine<SupplyReviewsTable['status'], 'supply_reviews'>(
  'supplyReview',
  { pending: ['approved', 'rejected'], approved: [], rejected: [] },
  { table: 'supply_reviews' },
);

/**
 * A fulfilment task: waiting for the supplier, accepted, then done (delivered or shipped) or failed
 * (refunded). Not accepted in time: back to the platform (returned) or refunded, per setting. Staff
 * who deliver or refund the order themselves close it.
 */
export const taskMachine = defineMachine<SupplyTasksTable['status'], 'supply_tasks'>(
  'supplyTask',
  {
    waiting: ['accepted', 'failed', 'returned', 'refunded', 'closed'],
    accepted: ['done', 'failed', 'closed'],
    done: [],
    failed: [],
    returned: ['closed'],
    refunded: [],
    closed: [],
  },
  { table: 'supply_tasks' },
);

/**
 * A settlement entry: frozen from delivery until due, then released to the balance by the job; a
 * refund reverses it (frozen: kept less; released: clawed back from the balance). Decision 0011.
 */
export const settlementMachine = defineMachine<SupplySettlementsTable['status'], 'supply_settlements'>(
  'supplySettlement',
  { frozen: ['released', 'reversed'], released: ['reversed'], reversed: [] },
  { table: 'supply_settlements' },
);
