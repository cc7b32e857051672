import { defineMachine } from '../../core/fsm.js';
import type { DockingProcurementsTable } from './tables.js';

/**
 * A procurement order (decision 0016): `pending` until the forwarding job takes it; `placing` while
 * an order at a source is being made or its outcome is unknown (the next attempt asks the upstream
 * before ordering again); `placed` while the upstream works on it; `delivered` with its cards handed
 * to the buyer; `failed` when every source refused or the delivery cannot be completed (staff re-push
 * it: back to `pending`), `refunded` when the buyer got the money back.
 */
export const procurementMachine = defineMachine<DockingProcurementsTable['status'], 'docking_procurements'>(
  'procurement',
  {
    pending: ['placing', 'failed', 'refunded'],
    placing: ['placing', 'placed', 'delivered', 'failed', 'refunded'],
    placed: ['placing', 'delivered', 'failed', 'refunded'],
    failed: ['pending', 'placed', 'refunded', 'delivered'],
    delivered: [],
    refunded: [],
  },
  { table: 'docking_procurements' },
);
