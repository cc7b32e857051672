/**
 * The member account center (`/inside/inter/myaccount`), forgot password, the admin's
 * member/staff/settings/announcement calls and public content. Form fields arrive as strings.
 */
import { email, loginName, mobile, password, type LoginLogEntry, type OAuthKind } from './accounts.js';
import { idOf, strictId } from './fields.js';
import { z } from './zod-setup.js';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const opt = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** Form booleans: 1/0, true/false, on/off. */
export const formFlag = z.preprocess(
  (v) => {
    if (v === true || v === 1 || v === '1' || v === 'true' || v === 'on') return true;
    if (v === false || v === 0 || v === '0' || v === 'false' || v === 'off') return false;
    return v;
  },
  z.boolean({ error: '开关值只能是 1 或 0' }),
);

/** Repeated form keys (`a=1&a=2`, or `a[]=…`) arrive as an array, one key as a string, none as absent. */
export const formArray = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]), z.array(item));

export const positiveId = strictId('编号不正确', '编号不正确');

// C0/C1 control characters (tabs and newlines included): never in single-line profile fields.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const plainText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label}不能超过 ${max} 个字符` })
    .refine((v) => !CONTROL.test(v), { error: `${label}包含不允许的字符` });

export const sixDigitCode = z
  .string({ error: '请输入验证码' })
  .trim()
  .regex(/^\d{6}$/, { error: '验证码为 6 位数字' });

export const updateCustomerInput = z.object({
  nickname: opt(plainText('昵称', 20)),
  avatar: opt(z.string().trim().max(255, { error: '头像地址过长' })),
  qq: opt(
    z
      .string()
      .trim()
      .regex(/^[1-9]\d{4,11}$/, { error: 'QQ 号格式不正确' }),
  ),
  contact: opt(plainText('联系方式', 100)),
});
export type UpdateCustomerInput = z.infer<typeof updateCustomerInput>;

export const updateLoginPwdInput = z.object({
  oldPassword: z.string({ error: '请输入原密码' }).min(1, { error: '请输入原密码' }).max(64),
  newPassword: password,
});

export const SALE_PWD_RULE = '交易密码为 6 位数字';
export const salePwd = z.string({ error: '请输入交易密码' }).regex(/^\d{6}$/, { error: SALE_PWD_RULE });

/** Set or change the sale password; the login password proves it is the owner. */
export const setNewSalePwdInput = z.object({
  password: z.string({ error: '请输入登录密码' }).min(1, { error: '请输入登录密码' }).max(64),
  newSalePwd: salePwd,
});
export const setSalePwdStatusInput = z.object({ enabled: formFlag, salePwd });

/** Operations that may require the sale password (money moves). */
export const SaleOps = { balancePay: '余额支付', transfer: '转账', withdraw: '提现', api: '开放接口下单' } as const;
export type SaleOp = keyof typeof SaleOps;
export const SALE_OPS = Object.keys(SaleOps) as SaleOp[];
export const setSalePwdInput = z.object({
  ops: formArray(z.enum(SALE_OPS as [SaleOp, ...SaleOp[]], { error: '不支持的操作类型' })),
  salePwd,
});

export const sendMobileCodeInput = z.object({
  mobile,
  captchaId: opt(z.string().max(64)),
  captcha: opt(z.string().max(10)),
});
/** A code was sent; another may be asked for after this many seconds. */
export interface SendCodeAnswer {
  resendAfter: number;
}
export const mobileBindInput = z.object({ mobile, code: sixDigitCode });
export const mobileUnbindInput = z.object({ code: sixDigitCode });
export const emailBindInput = z.object({ email, code: opt(sixDigitCode) });

export const openApiStatusInput = z.object({ enabled: formFlag });
export const openApiInput = z.object({
  /** Comma or newline separated IPv4/IPv6 addresses; empty = any. */
  ipAllowlist: z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z.string().max(1000, { error: 'IP 白名单过长' }),
  ),
});
export const openApiKeyInput = z.object({ salePwd: opt(z.string().max(64)), password: opt(z.string().max(64)) });
export interface OpenApiAnswer {
  appId: string;
  /** Only on creation or rotation: shown once, never again. */
  appSecret?: string;
  created?: boolean;
}

export const ShopPriceModes = { level: '按我的会员等级价', retail: '按零售价', cost: '按成本价（进货价）' } as const;
export type ShopPriceMode = keyof typeof ShopPriceModes;
export const shopPriceInput = z.object({
  mode: z.enum(Object.keys(ShopPriceModes) as [ShopPriceMode, ...ShopPriceMode[]], { error: '价格显示方式不正确' }),
});

export const updateLoginNameInput = z.object({
  loginName,
  password: z.string({ error: '请输入登录密码' }).min(1, { error: '请输入登录密码' }).max(64),
});

export const weixinBindInput = z.object({
  notifyOrder: opt(formFlag),
  notifyFunds: opt(formFlag),
  notifyLogin: opt(formFlag),
});
/** 公众号通知 binding and its switches. */
export interface WeixinBindView {
  bound: boolean;
  notifyOrder: boolean;
  notifyFunds: boolean;
  notifyLogin: boolean;
  /** doWeixinBind only: the official account's QR (data URL) while not bound. */
  qrcode?: string | null;
  expiresIn?: number;
}

export const OAUTH_PROVIDERS = ['qq', 'wx', 'mn', 'wc'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];
export const OAuthProviderNames: Record<OAuthProvider | 'mp', string> = {
  qq: 'QQ',
  wx: '微信',
  mn: '微信小程序',
  wc: '企业微信',
  mp: '微信公众号',
};

export const forgetSendCodeInput = z.object({
  channel: z.enum(['email', 'sms'], { error: '请选择找回方式' }),
  target: z.string({ error: '请输入邮箱或手机号' }).trim().min(1, { error: '请输入邮箱或手机号' }).max(100),
  captchaId: opt(z.string().max(64)),
  captcha: opt(z.string().max(10)),
});
export const forgetResetInput = z.object({
  channel: z.enum(['email', 'sms'], { error: '请选择找回方式' }),
  target: z.string({ error: '请输入邮箱或手机号' }).trim().min(1).max(100),
  code: sixDigitCode,
  newPassword: password,
});

export const pageInput = {
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};
export const pageOnlyInput = z.object(pageInput);
export const sessionRevokeInput = z.object({ sessionId: opt(positiveId) });
/** A login log row with the browser it came from (the member's own log and the staff view of a member's). */
export type LoginLogRow = LoginLogEntry & { userAgent: string; device: string };

/** Answers. */
export interface AccountSecurityView {
  mobileBound: boolean;
  emailBound: boolean;
  salePwdSet: boolean;
  salePwdEnabled: boolean;
  salePwdOps: SaleOp[];
  bindings: Record<OAuthProvider, boolean>;
  weixinNotify: boolean;
  openApi: { created: boolean; enabled: boolean; appId: string; ipAllowlist: string[] };
  shopPriceMode: ShopPriceMode;
  loginNameChangeableAt: string | null;
  inviteCode: string;
  qq: string;
  contact: string;
}
export interface SessionView {
  id: number;
  ip: string;
  address: string;
  userAgent: string;
  /** Browser, system and device, e.g. "Chrome 120 · Windows 10 · 电脑". */
  device: string;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

// ---- admin ----
export const staffSaveInput = z.object({
  id: opt(positiveId),
  username: z
    .string({ error: '请输入用户名' })
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_]{2,31}$/, { error: '用户名须以字母开头，3-32 位字母、数字或下划线' }),
  nickname: opt(plainText('昵称', 50)),
  password: opt(password),
  roleId: opt(positiveId),
  status: opt(z.enum(['active', 'disabled'], { error: '状态不正确' })),
});
export const roleSaveInput = z.object({
  id: opt(positiveId),
  name: plainText('角色名', 50).pipe(z.string().min(1, { error: '请输入角色名' })),
  permissions: formArray(z.string().max(50)),
});
export interface AdminStaff {
  id: number;
  username: string;
  nickname: string;
  roleId: number | null;
  isSuper: boolean;
  status: 'active' | 'disabled';
  totpEnabled: boolean;
  createdAt: string;
  lastLoginAt: string;
}
export interface AdminRole {
  id: number;
  name: string;
  permissions: string[];
  createdAt: string;
}
export const recordIdInput = z.object({ id: positiveId });
export const memberSearchInput = z.object({
  ...pageInput,
  keyword: opt(z.string().trim().max(100)),
  status: opt(z.enum(['active', 'disabled'])),
  levelId: opt(positiveId),
});
/** Staff put a member on a level of the site (audited; the member pays nothing). */
export const memberSetLevelInput = z.object({ id: positiveId, levelId: idOf('会员等级') });
export const memberStatusInput = z.object({
  id: positiveId,
  status: z.enum(['active', 'disabled'], { error: '状态不正确' }),
});
export const memberResetPwdInput = z.object({ id: positiveId, password });
/** A member as the admin member list shows them (balance in fen). */
export interface AdminMember {
  id: number;
  userNo: string;
  loginName: string;
  nickname: string;
  email: string;
  mobile: string;
  balance: number;
  levelId: number;
  levelName: string;
  status: 'active' | 'disabled';
  createdAt: string;
  lastLoginAt: string;
}
/** A level staff can put a member on (the member page's 设置等级). */
export interface LevelOption {
  id: number;
  name: string;
  isDefault: boolean;
}
/** A member's login log as staff read it: the same rows the member sees. */
export type AdminLoginLog = LoginLogRow;
export const auditSearchInput = z.object({
  ...pageInput,
  staffId: opt(positiveId),
  action: opt(z.string().trim().max(100)),
  target: opt(z.string().trim().max(100)),
  from: opt(z.coerce.number().int().nonnegative()),
  to: opt(z.coerce.number().int().nonnegative()),
  /** Only the entries of one sub-site (its owner's edits, decision 0019). */
  siteId: opt(positiveId),
});
/** One operation log row (操作日志). */
export interface AuditEntry {
  id: number;
  staffId: number;
  staffName: string;
  action: string;
  /** 动作的中文名 */
  actionText: string;
  target: string;
  /** 对象的中文说明（会员显示会员编号与登录名） */
  targetText: string;
  before: unknown;
  after: unknown;
  ip: string;
  createdAt: string;
  /** The sub-site an owner's edit was made on (null: a platform act). */
  siteId: number | null;
  /** 分站名称（平台操作为空） */
  siteTitle: string;
}
export const totpVerifyInput = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: '两步验证码为 6 位数字' }),
});

export const siteSettingsInput = z.object({
  title: opt(plainText('站点标题', 100)),
  subtitle: opt(plainText('副标题', 200)),
});
export const adminPathInput = z.object({ adminPath: z.string({ error: '请输入后台路径' }).trim() });
export const securitySettingsInput = z.object({
  captchaAfter: z.coerce.number().int().min(0, { error: '次数不能小于 0' }).max(100),
  lockAfter: z.coerce.number().int().min(1, { error: '次数至少为 1' }).max(1000),
  lockMinutes: z.coerce.number().int().min(1).max(1440),
  registerCaptcha: formFlag,
});
export const smtpSettingsInput = z.object({
  host: z.string().trim().min(1, { error: '请输入 SMTP 服务器' }).max(200),
  port: z.coerce.number().int().min(1).max(65535),
  secure: formFlag,
  user: z.string().trim().max(200).default(''),
  /** Empty keeps the stored password. */
  pass: opt(z.string().max(200)),
  from: z.string().trim().min(1, { error: '请输入发件人' }).max(200),
});
export const testMailInput = z.object({ to: email });
export const smsSettingsInput = z.object({
  provider: z.enum(['log', 'aliyun', 'tencent'], { error: '短信服务商不正确' }),
  accessKeyId: z.string().trim().max(200).default(''),
  /** Empty keeps the stored secret. */
  accessKeySecret: opt(z.string().max(200)),
  signName: z.string().trim().max(50).default(''),
  templateCode: z.string().trim().max(100).default(''),
  sdkAppId: z.string().trim().max(100).default(''),
  region: z.string().trim().max(50).default(''),
  endpoint: opt(z.url({ error: '接口地址格式不正确' })),
});
export const oauthSettingsInput = z.object({
  provider: z.enum(['qq', 'wx', 'mp'], { error: '不支持的登录方式' }),
  enabled: formFlag,
  appId: z.string().trim().max(100).default(''),
  /** Empty keeps the stored secret. */
  appSecret: opt(z.string().max(200)),
  authorizeUrl: opt(z.url()),
  tokenUrl: opt(z.url()),
  userInfoUrl: opt(z.url()),
});
export const serviceContactsInput = z.object({
  qq: opt(plainText('QQ', 50)),
  wechat: opt(plainText('微信号', 50)),
  wechatQr: opt(z.string().trim().max(255)),
  phone: opt(plainText('电话', 50)),
  hours: opt(plainText('服务时间', 100)),
  note: opt(plainText('说明', 300)),
});
export type ServiceContacts = Partial<z.infer<typeof serviceContactsInput>>;
/** A sign-in app's settings; the secret only as whether it is set. */
export interface OAuthAppView {
  enabled: boolean;
  appId: string;
  appSecretSet: boolean;
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
}
/** The admin settings page: every secret only as whether it is set. */
export interface AdminSettings {
  adminPath: string;
  security: { captchaAfter: number; lockAfter: number; lockMinutes: number; registerCaptcha: boolean };
  smtp: { host: string; port: number; secure: boolean; user: string; passSet: boolean; from: string } | null;
  sms: {
    provider: 'log' | 'aliyun' | 'tencent';
    accessKeyId: string;
    accessKeySecretSet: boolean;
    signName: string;
    templateCode: string;
    sdkAppId: string;
    region: string;
    endpoint: string;
  } | null;
  oauth: Record<OAuthKind, OAuthAppView | null>;
  service: ServiceContacts;
}
export const announcementSaveInput = z.object({
  id: opt(positiveId),
  title: plainText('标题', 100).pipe(z.string().min(1, { error: '请输入标题' })),
  content: z.string({ error: '请输入内容' }).max(100_000, { error: '内容过长' }),
  pinned: formFlag.default(false),
  popup: formFlag.default(false),
  status: z.enum(['published', 'draft']).default('published'),
});
export const announcementListInput = z.object({ ...pageInput });
export const announcementDetailInput = z.object({ id: positiveId });
export interface AnnouncementView {
  id: number;
  title: string;
  content: string;
  pinned: boolean;
  popup: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A staff member changes their own password: the current one, and the new one twice. */
export const staffOwnPasswordInput = z
  .object({
    currentPassword: z.string({ error: '请输入当前密码' }).min(1, { error: '请输入当前密码' }).max(64),
    newPassword: password,
    confirmPassword: z.string({ error: '请再次输入新密码' }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { error: '两次输入的新密码不一致', path: ['confirmPassword'] })
  .refine((v) => v.newPassword !== v.currentPassword, { error: '新密码不能与当前密码相同', path: ['newPassword'] });
