import { z } from './zod-setup.js';

/** Login name: starts with a letter, letters/digits/underscore, 4–20 characters. */
export const loginName = z
  .string({ error: '请输入登录名' })
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{3,19}$/, { error: '登录名须以字母开头，由 4-20 位字母、数字或下划线组成' });

/** Password strength rule shown on the register page. */
export const PASSWORD_RULE = '密码须为 8-32 位，且同时包含字母和数字';
export const password = z
  .string({ error: '请输入密码' })
  .min(8, { error: PASSWORD_RULE })
  .max(32, { error: PASSWORD_RULE })
  .regex(/[A-Za-z]/, { error: PASSWORD_RULE })
  .regex(/[0-9]/, { error: PASSWORD_RULE });

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(100, { error: '邮箱不能超过 100 个字符' })
  .pipe(z.email({ error: '邮箱格式不正确' }));
export const mobile = z
  .string()
  .trim()
  .regex(/^1[3-9]\d{9}$/, { error: '手机号格式不正确' });

/** Empty form fields arrive as '': treat them as absent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** Image captcha answer (POST /user/captcha gives the id and the picture). */
export const captchaFields = {
  captchaId: optional(z.string().trim().max(64)),
  captcha: optional(z.string().trim().max(10)),
};

export const registerInput = z.object({
  loginName,
  password,
  email: optional(email),
  mobile: optional(mobile),
  inviteCode: optional(z.string().trim().max(32)),
  ...captchaFields,
});
export type RegisterInput = z.infer<typeof registerInput>;

export const loginInput = z.object({
  account: z
    .string({ error: '请输入登录名、手机号或邮箱' })
    .trim()
    .min(1, { error: '请输入登录名、手机号或邮箱' })
    .max(100),
  password: z.string({ error: '请输入密码' }).min(1, { error: '请输入密码' }).max(64),
  ...captchaFields,
});
export type LoginInput = z.infer<typeof loginInput>;

export const staffLoginInput = z.object({
  username: z.string({ error: '请输入用户名' }).trim().min(1, { error: '请输入用户名' }).max(50),
  password: z.string({ error: '请输入密码' }).min(1, { error: '请输入密码' }).max(64),
  ...captchaFields,
  /** Two-step code when the staff member turned TOTP on. */
  totp: optional(
    z
      .string()
      .trim()
      .regex(/^\d{6}$/, { error: '两步验证码为 6 位数字' }),
  ),
});
export type StaffLoginInput = z.infer<typeof staffLoginInput>;
/** What a staff login answers: the session, or why not (captcha / authenticator code needed). */
export type StaffLoginAnswer = SessionAnswer | { captchaRequired?: boolean; totpRequired?: boolean } | null;

export interface CaptchaAnswer {
  captchaId: string;
  /** svg-captcha markup; shown as an <img> data URL, never injected as HTML. */
  svg: string;
}
/** Third-party sign-in apps: QQ, WeChat (open platform) and the WeChat official account (mp). */
export type OAuthKind = 'qq' | 'wx' | 'mp';
/** The public login/register pages: the register captcha switch and which sign-in apps are on. */
export interface AuthOptions {
  registerCaptcha: boolean;
  oauth: Record<OAuthKind, boolean>;
}
export type OAuthCallbackAnswer =
  | { purpose: 'login'; session: SessionAnswer }
  | { purpose: 'bind'; bound: boolean }
  | { purpose: 'mp'; bound: boolean };

/** What `getAccount` answers: never secrets, contact data masked. */
export interface AccountView {
  userNo: string;
  loginName: string;
  nickname: string;
  avatar: string;
  email: string;
  mobile: string;
  balance: number; // fen
  levelName: string;
  salePwdEnabled: boolean;
  createdAt: string;
  access: string[];
}

/** One login record, with the field names the web app stores and shows (IP, Address, LoginTime). */
export interface LoginLogEntry {
  IP: string;
  Address: string;
  LoginTime: string;
}
export interface LastTwoLoginLog {
  logs: { current: LoginLogEntry | null; last: LoginLogEntry | null };
}

export interface StaffView {
  username: string;
  nickname: string;
  roleIds: number[];
  /** false for the super admin: no route roleId check (cookie verifyRole = 0). */
  verifyRole: boolean;
  access: string[];
}

export interface SessionAnswer {
  /** The opaque session token; the browser keeps it as {authCode} (user/other) or plain (admin). */
  authCode: string;
  expiresAt: string;
}

export interface SiteInfo {
  title: string;
  subtitle: string;
  logo: string;
  notice: string;
  /** 1: the platform; else the sub-site the request resolved to (decision 0009). */
  siteId: number;
  /** The sub-site's path ('' on the platform). */
  path: string;
  /** A site that does not serve shows a closed page with this status. */
  status: 'active' | 'closed' | 'suspended' | 'expired';
  /** Why the owner closed it (closed sites only). */
  closedReason: string;
}
