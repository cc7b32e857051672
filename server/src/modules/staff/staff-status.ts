import type { AdminStaff } from '@kapu/contract';
import { defineMachine } from '../../core/fsm.js';

export type StaffStatus = AdminStaff['status'];

/** A staff account: disabled (its sessions end) and enabled again by someone allowed to manage staff. */
export const staffMachine = defineMachine<StaffStatus, 'staff'>(
  'staff',
  { active: ['disabled'], disabled: ['active'] },
  { table: 'staff' },
);
