import type { AdminMember } from '@kapu/contract';
import { defineMachine } from '../../core/fsm.js';

export type MemberStatus = AdminMember['status'];

/** A member account: staff disable it (its sessions end) and enable it again. */
export const memberMachine = defineMachine<MemberStatus, 'users'>(
  'member',
  { active: ['disabled'], disabled: ['active'] },
  { table: 'users' },
);
