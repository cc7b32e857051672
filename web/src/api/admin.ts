import type { SessionAnswer, StaffLoginInput, StaffView } from '@kapu/contract';
import { postForm } from '@/app/http/client';

export interface DashboardSummary {
  memberCount: number;
  todayMemberCount: number;
  staffCount: number;
  activeSessions: number;
}

/** 校验后台路径是否正确（不是后台路径时返回 HTTP 404） POST /{adminPath}/auth/probe */
export function probeAdminPath(adminPath: string) {
  return postForm<null>(`/${adminPath}/auth/probe`, {}, { silent: true });
}

/** 管理员登录 POST /{adminPath}/auth/login */
export function loginAdmin(adminPath: string, input: StaffLoginInput) {
  return postForm<SessionAnswer>(`/${adminPath}/auth/login`, { ...input });
}

/** 当前管理员信息与角色 POST /{adminPath}/auth/me */
export function getAdminMe(adminPath: string) {
  return postForm<StaffView>(`/${adminPath}/auth/me`);
}

/** 管理员退出登录 POST /{adminPath}/auth/logout */
export function logoutAdmin(adminPath: string) {
  return postForm<null>(`/${adminPath}/auth/logout`);
}

/** 控制台统计 POST /{adminPath}/dashboard/summary */
export function getDashboardSummary(adminPath: string) {
  return postForm<DashboardSummary>(`/${adminPath}/dashboard/summary`);
}
