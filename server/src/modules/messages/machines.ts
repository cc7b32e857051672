import { defineMachine } from '../../core/fsm.js';

/** An admin broadcast: queued → sending (batches written by its job) → done. */
export const broadcastMachine = defineMachine(
  'message-broadcast',
  { queued: ['sending'], sending: ['done'], done: [] },
  { table: 'message_broadcasts' },
);

/**
 * One notification through a channel beyond the app: pending until the provider acknowledged it
 * (sent, never sent again) or it ran out of tries / cannot be sent (failed; staff may retry it).
 */
export const deliveryMachine = defineMachine(
  'message-delivery',
  { pending: ['sent', 'failed'], sent: [], failed: ['pending'] },
  { table: 'message_deliveries' },
);
