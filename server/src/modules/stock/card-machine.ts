import type { CardStatus } from '@kapu/contract';
import type { OrderCardsTable } from '../../core/db/schema.js';
import { defineMachine } from '../../core/fsm.js';

/**
 * A card: reserved for an unpaid order (back to available when it expires), sold when paid
 * (or sold at once for a balance purchase), void when staff withdraw it or a sale is undone.
 */
export const cardMachine = defineMachine<CardStatus, 'cards'>(
  'card',
  {
    available: ['reserved', 'sold', 'void'],
    reserved: ['available', 'sold'],
    sold: ['void'],
    void: [],
  },
  { table: 'cards' },
);

type RepealStatus = OrderCardsTable['repeal_status']['__update__'];

/**
 * A buyer's request to void a delivered card (repeal): asked once, decided once; a rejected
 * request may be asked again.
 */
export const repealMachine = defineMachine<RepealStatus, 'order_cards'>(
  'repeal',
  {
    none: ['requested'],
    rejected: ['requested'],
    requested: ['approved', 'rejected'],
    approved: [],
  },
  { table: 'order_cards', column: 'repeal_status' },
);
