import type { GoodsStatus } from '@kapu/contract';
import { defineMachine } from '../../core/fsm.js';

/** Staff put goods on sale, pause or ban them in any order; the machine only refuses "no change". */
export const goodsMachine = defineMachine<GoodsStatus, 'goods'>(
  'goods',
  {
    on_sale: ['paused', 'banned'],
    paused: ['on_sale', 'banned'],
    banned: ['on_sale', 'paused'],
  },
  { table: 'goods' },
);
