import { accountQuery } from '@/hooks/use-account';
import { getAdminMe, logoutAdmin } from '@/api/admin';
import { getOtherMe, logoutOther } from '@/api/other';
import { logoutUser } from '@/api/user';
import type { StaffView } from '@kapu/contract';
import { unwrap } from '../http/unwrap';
import { firstSegment, navigateTo } from '../router/navigation';
import type { MenuGroup } from '../router/routes';
import { clearAdminSession, saveStaffRoles } from '../storage/sessions';
import { removeOtherToken, removeUserToken } from '../storage/local';
import type { UserInfo } from '../stores/user-store';
import { queryClient } from '../providers';

export type ShellKey = 'member' | 'admin' | 'other';

/** What differs between the three back-office shells. */
export interface ShellArea {
  key: ShellKey;
  /** Brand text at the top of the sidebar. */
  brand: string;
  groups: MenuGroup[];
  homePath: (pathname: string) => string;
  homeTitle: string;
  loadUser: (pathname: string) => Promise<UserInfo>;
  logout: (pathname: string) => Promise<void>;
}

function staffInfo(area: 'admin' | 'other', staff: StaffView): UserInfo {
  return { area, name: staff.nickname || staff.username, avatar: '', access: staff.access, roleIds: staff.roleIds };
}

/** Logging out must end the local session even when the server call fails. */
async function quietly(request: Promise<unknown>): Promise<void> {
  await request.catch(() => undefined);
}

export const SHELL_AREAS: Record<ShellKey, ShellArea> = {
  member: {
    key: 'member',
    brand: '会员中心',
    groups: ['member', 'vip', 'supply'],
    homePath: () => '/inside/index',
    homeTitle: '会员中心',
    loadUser: async () => {
      // Same cache entry as the pages, so one request serves both.
      const account = await queryClient.fetchQuery(accountQuery);
      return {
        area: 'user',
        name: account.nickname || account.loginName,
        avatar: account.avatar,
        access: account.access,
        roleIds: [],
      };
    },
    logout: async () => {
      await quietly(logoutUser());
      removeUserToken();
      navigateTo('/login');
    },
  },
  admin: {
    key: 'admin',
    brand: '管理后台',
    groups: ['admin'],
    homePath: (pathname) => `/${firstSegment(pathname)}/dashboard`,
    homeTitle: '控制台',
    loadUser: async () => {
      const staff = await unwrap(getAdminMe(), { toast: false });
      saveStaffRoles(staff); // roles may have changed since login
      return staffInfo('admin', staff);
    },
    logout: async (pathname) => {
      const segment = firstSegment(pathname);
      await quietly(logoutAdmin());
      clearAdminSession();
      navigateTo(`/${segment}/index`);
    },
  },
  other: {
    key: 'other',
    brand: '客服台',
    groups: [],
    homePath: () => '/other/service',
    homeTitle: '客服台',
    loadUser: async () => staffInfo('other', await unwrap(getOtherMe(), { toast: false })),
    logout: async () => {
      await quietly(logoutOther());
      removeOtherToken();
      navigateTo('/other/service', { replace: true });
    },
  },
};
