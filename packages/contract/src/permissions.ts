/**
 * Permission codes (each staff member's access list). Staff roles hold a set of these;
 * members get area codes from what they are (member, vip owner, supplier).
 * Labels are the Chinese names shown in the role editor.
 */
export const StaffPermissions = {
  'dashboard.view': '查看控制台',
  'members.view': '查看会员',
  'members.edit': '管理会员',
  'staff.manage': '管理员与角色',
  'settings.edit': '系统设置',
  'audit.view': '查看操作日志',
  'catalog.edit': '商品管理',
  'cards.view': '查看卡密',
  'orders.manage': '订单管理',
  'funds.manage': '资金管理',
  'payments.manage': '支付配置',
  'service.desk': '客服台',
  'sites.manage': '分站管理',
  'promotion.manage': '推广佣金管理',
  'supply.manage': '供货管理',
  'cdk.manage': '兑换码管理',
  'webhooks.manage': 'Webhook 通知',
  'docking.manage': '货源对接',
} as const;
export type StaffPermission = keyof typeof StaffPermissions;
export const ALL_STAFF_PERMISSIONS = Object.keys(StaffPermissions) as StaffPermission[];

export const MemberAccess = {
  member: '会员',
  vip: '分站站长',
  supplier: '供货商',
} as const;
export type MemberAccessCode = keyof typeof MemberAccess;
