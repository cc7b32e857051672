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
  LevelOption,
  Paged,
  StaffLoginAnswer,
  StaffLoginInput,
  StaffView,
} from '@kapu/contract';
import { postForm, type FormValue } from '@/app/http/client';
import { adminUrl } from '@/app/http/admin-path';

/** 校验后台路径是否正确（不是后台路径时返回 HTTP 404） POST /{adminPath}/auth/probe */
export function probeAdminPath() {
  return postForm<null>(adminUrl('auth/probe'), {}, { silent: true });
}

/** 管理员登录 POST /{adminPath}/auth/login */
export function loginAdmin(input: StaffLoginInput) {
  return postForm<StaffLoginAnswer>(adminUrl('auth/login'), { ...input });
}

/** 当前管理员信息与角色 POST /{adminPath}/auth/me */
export function getAdminMe() {
  return postForm<StaffView>(adminUrl('auth/me'));
}

/** 管理员退出登录 POST /{adminPath}/auth/logout */
export function logoutAdmin() {
  return postForm<null>(adminUrl('auth/logout'));
}

/** 控制台：销售额、趋势、热销、库存预警与待办 POST /{adminPath}/dashboard/summary */
export function getDashboardSummary() {
  return postForm<DashboardOverview>(adminUrl('dashboard/summary'));
}

// ---- login extras ----

/** 后台图形验证码 POST /{adminPath}/auth/captcha */
export function getAdminCaptcha() {
  return postForm<CaptchaAnswer>(adminUrl('auth/captcha'));
}

/** 生成两步验证密钥（otpauth 链接，只显示这一次） POST /{adminPath}/auth/totp/setup */
export function setupTotp() {
  return postForm<{ secret: string; uri: string }>(adminUrl('auth/totp/setup'));
}
/** 输入验证码开启两步验证 POST /{adminPath}/auth/totp/enable */
export function enableTotp(code: string) {
  return postForm<null>(adminUrl('auth/totp/enable'), { code });
}
/** 输入验证码关闭两步验证 POST /{adminPath}/auth/totp/disable */
export function disableTotp(code: string) {
  return postForm<null>(adminUrl('auth/totp/disable'), { code });
}

// ---- members ----

/** 会员列表（关键词、状态、等级筛选） POST /{adminPath}/members/list */
export function listMembers(input: {
  page: number;
  pageSize: number;
  keyword?: string;
  status?: string;
  levelId?: number;
}) {
  return postForm<Paged<AdminMember>>(adminUrl('members/list'), { ...input });
}
/** 会员详情 POST /{adminPath}/members/detail */
export function getMember(id: number) {
  return postForm<AdminMember>(adminUrl('members/detail'), { id });
}
/** 会员登录日志（最近 100 条） POST /{adminPath}/members/loginLogs */
export function getMemberLoginLogs(id: number) {
  return postForm<AdminLoginLog[]>(adminUrl('members/loginLogs'), { id });
}
/** 启用或禁用会员（禁用即下线） POST /{adminPath}/members/setStatus */
export function setMemberStatus(id: number, status: 'active' | 'disabled') {
  return postForm<null>(adminUrl('members/setStatus'), { id, status });
}
/** 可设置的会员等级 POST /{adminPath}/members/levelOptions */
export function getMemberLevelOptions() {
  return postForm<LevelOption[]>(adminUrl('members/levelOptions'));
}
/** 设置会员等级（不收费，记入操作日志） POST /{adminPath}/members/setLevel */
export function setMemberLevel(id: number, levelId: number) {
  return postForm<{ levelId: number; levelName: string }>(adminUrl('members/setLevel'), { id, levelId });
}
/** 重置会员登录密码 POST /{adminPath}/members/resetPassword */
export function resetMemberPassword(id: number, password: string) {
  return postForm<null>(adminUrl('members/resetPassword'), { id, password });
}
/** 强制会员下线 POST /{adminPath}/members/forceLogout */
export function forceMemberLogout(id: number) {
  return postForm<{ revokedSessions: number }>(adminUrl('members/forceLogout'), { id });
}

// ---- staff and roles ----

/** 管理员列表 POST /{adminPath}/staff/list */
export function listStaff() {
  return postForm<AdminStaff[]>(adminUrl('staff/list'));
}
/** 新建或修改管理员 POST /{adminPath}/staff/save */
export function saveStaff(input: {
  id?: number;
  username: string;
  nickname?: string;
  password?: string;
  roleId?: number;
  status?: string;
}) {
  return postForm<{ id: number }>(adminUrl('staff/save'), { ...input });
}
/** 删除管理员 POST /{adminPath}/staff/delete */
export function deleteStaff(id: number) {
  return postForm<null>(adminUrl('staff/delete'), { id });
}
/** 角色列表 POST /{adminPath}/roles/list */
export function listRoles() {
  return postForm<AdminRole[]>(adminUrl('roles/list'));
}
/** 新建或修改角色（permissions 为重复的表单键） POST /{adminPath}/roles/save */
export function saveRole(input: { id?: number; name: string; permissions: string[] }) {
  return postForm<{ id: number }>(adminUrl('roles/save'), { ...input });
}
/** 删除角色 POST /{adminPath}/roles/delete */
export function deleteRole(id: number) {
  return postForm<null>(adminUrl('roles/delete'), { id });
}

// ---- audit ----
/** 操作日志（按管理员、动作、对象、时间筛选） POST /{adminPath}/audit/list */
export function listAudit(input: {
  page: number;
  pageSize: number;
  staffId?: number;
  siteId?: number;
  action?: string;
  target?: string;
  from?: number;
  to?: number;
}) {
  return postForm<Paged<AuditEntry>>(adminUrl('audit/list'), { ...input });
}

// ---- settings ----
type Form = Record<string, FormValue>;

/** 读取系统设置（密钥只返回是否已设置） POST /{adminPath}/settings/get */
export function getSettings() {
  return postForm<AdminSettings>(adminUrl('settings/get'));
}
/** 站点标题与副标题 POST /{adminPath}/settings/site */
export function saveSiteSettings(input: { title?: string; subtitle?: string }) {
  return postForm<null>(adminUrl('settings/site'), { ...input });
}
/** 修改后台路径（旧路径随即失效） POST /{adminPath}/settings/adminPath */
export function saveAdminPath(next: string) {
  return postForm<{ adminPath: string }>(adminUrl('settings/adminPath'), { adminPath: next });
}
/** 登录安全阈值与注册验证码开关 POST /{adminPath}/settings/security */
export function saveSecuritySettings(input: {
  captchaAfter: number;
  lockAfter: number;
  lockMinutes: number;
  registerCaptcha: boolean;
}) {
  return postForm<null>(adminUrl('settings/security'), {
    ...input,
    registerCaptcha: input.registerCaptcha ? 1 : 0,
  });
}
/** SMTP 邮件设置（密码留空则不修改） POST /{adminPath}/settings/smtp */
export function saveSmtpSettings(input: Form) {
  return postForm<null>(adminUrl('settings/smtp'), input);
}
/** 发送测试邮件 POST /{adminPath}/settings/testMail */
export function sendTestMail(to: string) {
  return postForm<null>(adminUrl('settings/testMail'), { to });
}
/** 短信服务商设置（密钥留空则不修改） POST /{adminPath}/settings/sms */
export function saveSmsSettings(input: Form) {
  return postForm<null>(adminUrl('settings/sms'), input);
}
/** 第三方登录应用（密钥留空则不修改） POST /{adminPath}/settings/oauth */
export function saveOAuthSettings(input: Form) {
  return postForm<null>(adminUrl('settings/oauth'), input);
}
/** 客服联系方式 POST /{adminPath}/settings/service */
export function saveServiceContacts(input: Form) {
  return postForm<null>(adminUrl('settings/service'), input);
}

// ---- announcements ----
/** 公告列表（含草稿） POST /{adminPath}/announcements/list */
export function listAdminAnnouncements(input: { page: number; pageSize: number }) {
  return postForm<Paged<AnnouncementView>>(adminUrl('announcements/list'), { ...input });
}
/** 新建或修改公告（内容由服务端净化） POST /{adminPath}/announcements/save */
export function saveAnnouncement(input: {
  id?: number;
  title: string;
  content: string;
  pinned: boolean;
  popup: boolean;
  status: 'published' | 'draft';
}) {
  return postForm<{ id: number }>(adminUrl('announcements/save'), {
    ...input,
    pinned: input.pinned ? 1 : 0,
    popup: input.popup ? 1 : 0,
  });
}
/** 删除公告 POST /{adminPath}/announcements/delete */
export function deleteAnnouncement(id: number) {
  return postForm<null>(adminUrl('announcements/delete'), { id });
}

/** 修改自己的登录密码（其他设备上的登录随之失效） POST /{adminPath}/auth/changePassword */
export function changeOwnStaffPassword(values: {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}) {
  return postForm<{ endedSessions: number }>(adminUrl('auth/changePassword'), values);
}
