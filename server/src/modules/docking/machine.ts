import { defineMachine } from '../../core/fsm.js';
import type { DockingProcurementsTable } from './tables.js';

/**
 * A procurement order (decision 0016): `pending` until the forwarding job takes it; `placing` while
 * an order at a source is being made or its outcome is unknown (the next attempt asks the upstream
 * before ordering again); `placed` while the upstream works on it; `delivered` with its cards handed
 * to the buyer; `failed` when every source refused or the delivery cannot be completed (staff re-push
 * it: back to `pending`), `refunded` when the buyer got the money back. A short delivery keeps the
 * cards that came and goes back to `placing` for the rest at the next source; when none supplies it,
 * `partial` (the missing part refunded automatically) or `refund_due` (the payment cannot be refunded
 * in part automatically: staff pay the part back by hand).
 */
export const procurementMachine = defineMachine<DockingProcurementsTable['status'], 'docking_procurements'>(
  'procurement',
  {
    pending: ['placing', 'failed', 'refunded'],
    placing: ['placing', 'placed', 'delivered', 'failed', 'refunded', 'partial', 'refund_due'],
    placed: ['placing', 'delivered', 'failed', 'refunded', 'partial', 'refund_due'],
    failed: ['pending', 'placed', 'refunded', 'delivered'],
    delivered: [],
    partial: [],
    refund_due: [],
    refunded: [],
  },
  { table: 'docking_procurements' },
);
