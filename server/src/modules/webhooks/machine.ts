import { defineMachine } from '../../core/fsm.js';

/**
 * One event sent to one subscription: pending (sending, or waiting for a retry) until the receiver
 * answered 2xx (delivered) or the retries ran out (failed). A replay sends a past delivery again:
 * delivered or failed → pending.
 */
export const webhookDeliveryMachine = defineMachine(
  'webhook-delivery',
  { pending: ['delivered', 'failed'], delivered: ['pending'], failed: ['pending'] },
  { table: 'webhook_deliveries' },
);
