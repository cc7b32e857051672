import type {
  AdminLoginLog,
  AdminMember,
  AdminRole,
  AdminSettings,
  AdminStaff,
  AnnouncementView,
  AuditEntry,
  CaptchaAnswer,
  DashboardOverview,
  Paged,
  StaffLoginAnswer,
  StaffLoginInput,
  StaffView,
} from '@kapu/contract';
import { postForm, type FormValue } from '@/app/http/client';

/** 校验后台路径是否正确（不是后台路径时返回 HTTP 404） POST /{adminPath}/auth/probe */
export function probeAdminPath(adminPath: string) {
  return postForm<null>(`/${adminPath}/auth/probe`, {}, { silent: true });
}

/** 管理员登录 POST /{adminPath}/auth/login */
export function loginAdmin(adminPath: string, input: StaffLoginInput) {
  return postForm<StaffLoginAnswer>(`/${adminPath}/auth/login`, { ...input });
}

/** 当前管理员信息与角色 POST /{adminPath}/auth/me */
export function getAdminMe(adminPath: string) {
  return postForm<StaffView>(`/${adminPath}/auth/me`);
}

/** 管理员退出登录 POST /{adminPath}/auth/logout */
export function logoutAdmin(adminPath: string) {
  return postForm<null>(`/${adminPath}/auth/logout`);
}

/** 控制台：销售额、趋势、热销、库存预警与待办 POST /{adminPath}/dashboard/summary */
export function getDashboardSummary(adminPath: string) {
  return postForm<DashboardOverview>(`/${adminPath}/dashboard/summary`);
}

// ---- login extras ----

/** 后台图形验证码 POST /{adminPath}/auth/captcha */
export function getAdminCaptcha(adminPath: string) {
  return postForm<CaptchaAnswer>(`/${adminPath}/auth/captcha`);
}

/** 生成两步验证密钥（otpauth 链接，只显示这一次） POST /{adminPath}/auth/totp/setup */
export function setupTotp(adminPath: string) {
  return postForm<{ secret: string; uri: string }>(`/${adminPath}/auth/totp/setup`);
}
/** 输入验证码开启两步验证 POST /{adminPath}/auth/totp/enable */
export function enableTotp(adminPath: string, code: string) {
  return postForm<null>(`/${adminPath}/auth/totp/enable`, { code });
}
/** 输入验证码关闭两步验证 POST /{adminPath}/auth/totp/disable */
export function disableTotp(adminPath: string, code: string) {
  return postForm<null>(`/${adminPath}/auth/totp/disable`, { code });
}

// ---- members ----

/** 会员列表（关键词、状态筛选） POST /{adminPath}/members/list */
export function listMembers(
  adminPath: string,
  input: { page: number; pageSize: number; keyword?: string; status?: string },
) {
  return postForm<{ total: number; items: AdminMember[] }>(`/${adminPath}/members/list`, { ...input });
}
/** 会员详情 POST /{adminPath}/members/detail */
export function getMember(adminPath: string, id: number) {
  return postForm<AdminMember>(`/${adminPath}/members/detail`, { id });
}
/** 会员登录日志（最近 100 条） POST /{adminPath}/members/loginLogs */
export function getMemberLoginLogs(adminPath: string, id: number) {
  return postForm<AdminLoginLog[]>(`/${adminPath}/members/loginLogs`, { id });
}
/** 启用或禁用会员（禁用即下线） POST /{adminPath}/members/setStatus */
export function setMemberStatus(adminPath: string, id: number, status: 'active' | 'disabled') {
  return postForm<null>(`/${adminPath}/members/setStatus`, { id, status });
}
/** 重置会员登录密码 POST /{adminPath}/members/resetPassword */
export function resetMemberPassword(adminPath: string, id: number, password: string) {
  return postForm<null>(`/${adminPath}/members/resetPassword`, { id, password });
}
/** 强制会员下线 POST /{adminPath}/members/forceLogout */
export function forceMemberLogout(adminPath: string, id: number) {
  return postForm<{ revokedSessions: number }>(`/${adminPath}/members/forceLogout`, { id });
}

// ---- staff and roles ----

/** 管理员列表 POST /{adminPath}/staff/list */
export function listStaff(adminPath: string) {
  return postForm<AdminStaff[]>(`/${adminPath}/staff/list`);
}
/** 新建或修改管理员 POST /{adminPath}/staff/save */
export function saveStaff(
  adminPath: string,
  input: { id?: number; username: string; nickname?: string; password?: string; roleId?: number; status?: string },
) {
  return postForm<{ id: number }>(`/${adminPath}/staff/save`, { ...input });
}
/** 删除管理员 POST /{adminPath}/staff/delete */
export function deleteStaff(adminPath: string, id: number) {
  return postForm<null>(`/${adminPath}/staff/delete`, { id });
}
/** 角色列表 POST /{adminPath}/roles/list */
export function listRoles(adminPath: string) {
  return postForm<AdminRole[]>(`/${adminPath}/roles/list`);
}
/** 新建或修改角色（permissions 为重复的表单键） POST /{adminPath}/roles/save */
export function saveRole(adminPath: string, input: { id?: number; name: string; permissions: string[] }) {
  return postForm<{ id: number }>(`/${adminPath}/roles/save`, { ...input });
}
/** 删除角色 POST /{adminPath}/roles/delete */
export function deleteRole(adminPath: string, id: number) {
  return postForm<null>(`/${adminPath}/roles/delete`, { id });
}

// ---- audit ----
/** 操作日志（按管理员、动作、对象、时间筛选） POST /{adminPath}/audit/list */
export function listAudit(
  adminPath: string,
  input: {
    page: number;
    pageSize: number;
    staffId?: number;
    action?: string;
    target?: string;
    from?: number;
    to?: number;
  },
) {
  return postForm<Paged<AuditEntry>>(`/${adminPath}/audit/list`, { ...input });
}

// ---- settings ----
type Form = Record<string, FormValue>;

/** 读取系统设置（密钥只返回是否已设置） POST /{adminPath}/settings/get */
export function getSettings(adminPath: string) {
  return postForm<AdminSettings>(`/${adminPath}/settings/get`);
}
/** 站点标题与副标题 POST /{adminPath}/settings/site */
export function saveSiteSettings(adminPath: string, input: { title?: string; subtitle?: string }) {
  return postForm<null>(`/${adminPath}/settings/site`, { ...input });
}
/** 修改后台路径（旧路径随即失效） POST /{adminPath}/settings/adminPath */
export function saveAdminPath(adminPath: string, next: string) {
  return postForm<{ adminPath: string }>(`/${adminPath}/settings/adminPath`, { adminPath: next });
}
/** 登录安全阈值与注册验证码开关 POST /{adminPath}/settings/security */
export function saveSecuritySettings(
  adminPath: string,
  input: { captchaAfter: number; lockAfter: number; lockMinutes: number; registerCaptcha: boolean },
) {
  return postForm<null>(`/${adminPath}/settings/security`, {
    ...input,
    registerCaptcha: input.registerCaptcha ? 1 : 0,
  });
}
/** SMTP 邮件设置（密码留空则不修改） POST /{adminPath}/settings/smtp */
export function saveSmtpSettings(adminPath: string, input: Form) {
  return postForm<null>(`/${adminPath}/settings/smtp`, input);
}
/** 发送测试邮件 POST /{adminPath}/settings/testMail */
export function sendTestMail(adminPath: string, to: string) {
  return postForm<null>(`/${adminPath}/settings/testMail`, { to });
}
/** 短信服务商设置（密钥留空则不修改） POST /{adminPath}/settings/sms */
export function saveSmsSettings(adminPath: string, input: Form) {
  return postForm<null>(`/${adminPath}/settings/sms`, input);
}
/** 第三方登录应用（密钥留空则不修改） POST /{adminPath}/settings/oauth */
export function saveOAuthSettings(adminPath: string, input: Form) {
  return postForm<null>(`/${adminPath}/settings/oauth`, input);
}
/** 客服联系方式 POST /{adminPath}/settings/service */
export function saveServiceContacts(adminPath: string, input: Form) {
  return postForm<null>(`/${adminPath}/settings/service`, input);
}

// ---- announcements ----
/** 公告列表（含草稿） POST /{adminPath}/announcements/list */
export function listAdminAnnouncements(adminPath: string, input: { page: number; pageSize: number }) {
  return postForm<Paged<AnnouncementView>>(`/${adminPath}/announcements/list`, { ...input });
}
/** 新建或修改公告（内容由服务端净化） POST /{adminPath}/announcements/save */
export function saveAnnouncement(
  adminPath: string,
  input: {
    id?: number;
    title: string;
    content: string;
    pinned: boolean;
    popup: boolean;
    status: 'published' | 'draft';
  },
) {
  return postForm<{ id: number }>(`/${adminPath}/announcements/save`, {
    ...input,
    pinned: input.pinned ? 1 : 0,
    popup: input.popup ? 1 : 0,
  });
}
/** 删除公告 POST /{adminPath}/announcements/delete */
export function deleteAnnouncement(adminPath: string, id: number) {
  return postForm<null>(`/${adminPath}/announcements/delete`, { id });
}

/** 修改自己的登录密码（其他设备上的登录随之失效） POST /{adminPath}/auth/changePassword */
export function changeOwnStaffPassword(
  adminPath: string,
  values: { currentPassword: string; newPassword: string; confirmPassword: string },
) {
  return postForm<{ endedSessions: number }>(`/${adminPath}/auth/changePassword`, values);
}
