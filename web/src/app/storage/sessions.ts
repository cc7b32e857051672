import type { StaffView } from '@kapu/contract';
import { removeCookie, setCookie } from './cookies';
import { removeAdminToken, writeAdminPath, writeAdminToken } from './local';

/** Session cookie values: roleIds comma-separated; verifyRole '0' for the super admin. */
export function staffRoleCookies(staff: Pick<StaffView, 'roleIds' | 'verifyRole'>): {
  roleIds: string;
  verifyRole: string;
} {
  return { roleIds: staff.roleIds.join(','), verifyRole: staff.verifyRole ? '1' : '0' };
}

/** After an admin login: admin path, admin_token and the token-admin cookie the guards read. */
export function saveAdminSession(adminPath: string, authCode: string): void {
  writeAdminPath(adminPath);
  writeAdminToken(authCode);
  setCookie('token-admin', authCode);
}

export function saveStaffRoles(staff: Pick<StaffView, 'roleIds' | 'verifyRole'>): void {
  const cookies = staffRoleCookies(staff);
  setCookie('roleIds', cookies.roleIds);
  setCookie('verifyRole', cookies.verifyRole);
}

export function clearAdminSession(): void {
  removeAdminToken();
  removeCookie('token-admin');
  removeCookie('roleIds');
  removeCookie('verifyRole');
}
