import type { WithdrawStatus } from '@kapu/contract';

/** Tag colours of withdrawal statuses (member and admin lists). */
export const WITHDRAW_STATUS_COLOR: Record<WithdrawStatus, string> = {
  pending: 'orange',
  approved: 'green',
  rejected: 'red',
  cancelled: 'default',
};
