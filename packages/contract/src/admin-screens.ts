import type { StaffPermission } from './permissions.js';

/**
 * The admin back office's screens with their route roleId and the permission that opens them.
 * The server derives a staff member's `roleIds` cookie value from their permissions with
 * this table, and the web's admin routes carry the same roleIds: one source for both.
 */
export const AdminScreens = {
  members: { roleId: 2, permission: 'members.view' },
  staff: { roleId: 3, permission: 'staff.manage' },
  settings: { roleId: 4, permission: 'settings.edit' },
  announcements: { roleId: 5, permission: 'settings.edit' },
  audit: { roleId: 6, permission: 'audit.view' },
  goods: { roleId: 7, permission: 'catalog.edit' },
  orders: { roleId: 8, permission: 'orders.manage' },
  payments: { roleId: 9, permission: 'payments.manage' },
  funds: { roleId: 10, permission: 'funds.manage' },
  sites: { roleId: 11, permission: 'sites.manage' },
  supply: { roleId: 12, permission: 'supply.manage' },
  promotion: { roleId: 16, permission: 'promotion.manage' },
  complaints: { roleId: 17, permission: 'service.desk' },
  cdk: { roleId: 19, permission: 'cdk.manage' },
  webhooks: { roleId: 24, permission: 'webhooks.manage' },
  docking: { roleId: 25, permission: 'docking.manage' },
} as const satisfies Record<string, { roleId: number; permission: StaffPermission }>;

export type AdminScreen = keyof typeof AdminScreens;

/** Route roleIds a staff member may open, from their permission codes. */
export function roleIdsFor(permissions: Iterable<string>): number[] {
  const held = new Set(permissions);
  return Object.values(AdminScreens)
    .filter((s) => held.has(s.permission))
    .map((s) => s.roleId);
}
