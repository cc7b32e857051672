import type {
  AccountSecurityView,
  AccountView,
  LastTwoLoginLog,
  LoginLogRow,
  OpenApiAnswer,
  Paged,
  SaleOp,
  SendCodeAnswer,
  SessionView,
  ShopPriceMode,
  WeixinBindView,
} from '@kapu/contract';
import { postFile, postForm } from '@/app/http/client';

export interface WeixinFlags {
  notifyOrder?: boolean;
  notifyFunds?: boolean;
  notifyLogin?: boolean;
}

const I = '/inside/inter';
const flag = (on: boolean) => (on ? 1 : 0);

/** 当前会员的账户信息 POST /inside/inter/getAccount */
export function getAccount() {
  return postForm<AccountView>(`${I}/getAccount`);
}

/** 最近两次登录记录（登录地提醒） POST /inside/inter/getLastTwoLoginLog */
export function getLastTwoLoginLog() {
  return postForm<LastTwoLoginLog>(`${I}/getLastTwoLoginLog`);
}

/** 上传图片 POST /inside/uploadFile */
export function uploadFile(file: Blob) {
  return postFile<{ url: string }>('/inside/uploadFile', file);
}

/** 账户安全概况（绑定、交易密码、开放接口、店铺售价等） POST /inside/inter/getAccountSecurity */
export function getAccountSecurity() {
  return postForm<AccountSecurityView>(`${I}/getAccountSecurity`);
}

/** 修改个人资料（昵称、头像、QQ、联系方式） POST /inside/inter/updateFrontCustomer */
export function updateFrontCustomer(input: { nickname?: string; avatar?: string; qq?: string; contact?: string }) {
  return postForm<null>(`${I}/updateFrontCustomer`, { ...input });
}

/** 修改登录密码（其他设备随即退出） POST /inside/inter/updateFrontLoginPwd */
export function updateFrontLoginPwd(input: { oldPassword: string; newPassword: string }) {
  return postForm<{ revokedSessions: number }>(`${I}/updateFrontLoginPwd`, { ...input });
}

/** 设置或修改交易密码 POST /inside/inter/setNewSalePwd */
export function setNewSalePwd(input: { password: string; newSalePwd: string }) {
  return postForm<null>(`${I}/setNewSalePwd`, { ...input });
}

/** 开启或关闭交易密码 POST /inside/inter/setSalePwdStatus */
export function setSalePwdStatus(input: { enabled: boolean; salePwd: string }) {
  return postForm<null>(`${I}/setSalePwdStatus`, { enabled: flag(input.enabled), salePwd: input.salePwd });
}

/** 需要交易密码的操作（ops 为重复的表单键） POST /inside/inter/setSalePwd */
export function setSalePwd(input: { ops: SaleOp[]; salePwd: string }) {
  return postForm<{ ops: SaleOp[] }>(`${I}/setSalePwd`, { ops: input.ops, salePwd: input.salePwd });
}

/** 微信公众号通知绑定状态 POST /inside/inter/getWeixinBind */
export function getWeixinBind() {
  return postForm<WeixinBindView>(`${I}/getWeixinBind`);
}

/** 获取公众号绑定二维码（同时保存通知开关） POST /inside/inter/doWeixinBind */
export function doWeixinBind(flags: WeixinFlags = {}) {
  return postForm<WeixinBindView>(`${I}/doWeixinBind`, flagsForm(flags));
}

/** 保存公众号通知开关 POST /inside/inter/doWeixinBindFlags */
export function doWeixinBindFlags(flags: WeixinFlags) {
  return postForm<WeixinBindView>(`${I}/doWeixinBindFlags`, flagsForm(flags));
}

/** 解除公众号通知绑定 POST /inside/inter/doWeixinBindDelete */
export function doWeixinBindDelete() {
  return postForm<null>(`${I}/doWeixinBindDelete`);
}

function flagsForm(flags: WeixinFlags) {
  const form: Record<string, number> = {};
  for (const [key, value] of Object.entries(flags)) if (typeof value === 'boolean') form[key] = flag(value);
  return form;
}

/** 解绑 QQ POST /inside/inter/doUnbindQq */
export function doUnbindQq() {
  return postForm<null>(`${I}/doUnbindQq`);
}
/** 解绑微信 POST /inside/inter/doUnbindWx */
export function doUnbindWx() {
  return postForm<null>(`${I}/doUnbindWx`);
}
/** 解绑微信小程序 POST /inside/inter/doUnbindMn */
export function doUnbindMn() {
  return postForm<null>(`${I}/doUnbindMn`);
}
/** 解绑企业微信 POST /inside/inter/doUnbindWc */
export function doUnbindWc() {
  return postForm<null>(`${I}/doUnbindWc`);
}

/** 发送绑定手机验证码 POST /inside/inter/sendBindMobileCode */
export function sendBindMobileCode(input: { mobile: string }) {
  return postForm<SendCodeAnswer>(`${I}/sendBindMobileCode`, { ...input });
}
/** 绑定手机号 POST /inside/inter/doMobileBind */
export function doMobileBind(input: { mobile: string; code: string }) {
  return postForm<{ mobile: string }>(`${I}/doMobileBind`, { ...input });
}
/** 发送解绑手机验证码（发到已绑定的手机） POST /inside/inter/sendUnbindMobileCode */
export function sendUnbindMobileCode() {
  return postForm<SendCodeAnswer>(`${I}/sendUnbindMobileCode`);
}
/** 解绑手机号 POST /inside/inter/doMobileUnbind */
export function doMobileUnbind(input: { code: string }) {
  return postForm<null>(`${I}/doMobileUnbind`, { ...input });
}

/** 邮箱绑定状态 POST /inside/inter/getEmailBind */
export function getEmailBind() {
  return postForm<{ bound: boolean; email: string }>(`${I}/getEmailBind`);
}
/** 绑定邮箱：不带 code 时发送验证码，带 code 时完成绑定 POST /inside/inter/doEmailBind */
export function doEmailBind(input: { email: string; code?: string }) {
  return postForm<{ sent: boolean; bound: boolean; email?: string; resendAfter?: number }>(`${I}/doEmailBind`, {
    ...input,
  });
}

/** 开启或停用开放接口 POST /inside/inter/doOpenApiStatus */
export function doOpenApiStatus(enabled: boolean) {
  return postForm<{ enabled: boolean }>(`${I}/doOpenApiStatus`, { enabled: flag(enabled) });
}
/** 开通开放接口（首次返回一次密钥）或保存 IP 白名单 POST /inside/inter/doOpenApi */
export function doOpenApi(input: { ipAllowlist: string }) {
  return postForm<OpenApiAnswer>(`${I}/doOpenApi`, { ...input });
}
/** 重置开放接口密钥（需登录密码，新密钥只显示一次） POST /inside/inter/doOpenApiKey */
export function doOpenApiKey(input: { password: string }) {
  return postForm<OpenApiAnswer>(`${I}/doOpenApiKey`, { ...input });
}

/** 设置我的店铺显示的价格 POST /inside/inter/doShopPrice */
export function doShopPrice(mode: ShopPriceMode) {
  return postForm<{ mode: ShopPriceMode }>(`${I}/doShopPrice`, { mode });
}

/** 修改登录名（30 天一次） POST /inside/inter/doUpdateLoginName */
export function doUpdateLoginName(input: { loginName: string; password: string }) {
  return postForm<{ loginName: string }>(`${I}/doUpdateLoginName`, { ...input });
}

/** 当前登录的设备 POST /inside/inter/getSessions */
export function getSessions() {
  return postForm<SessionView[]>(`${I}/getSessions`);
}
/** 退出其他设备 POST /inside/inter/logoutOtherSessions */
export function logoutOtherSessions() {
  return postForm<{ revokedSessions: number }>(`${I}/logoutOtherSessions`);
}
/** 退出指定设备 POST /inside/inter/revokeSession */
export function revokeSession(sessionId: number) {
  return postForm<null>(`${I}/revokeSession`, { sessionId });
}
/** 登录日志（分页） POST /inside/inter/getLoginLogs */
export function getLoginLogs(input: { page: number; pageSize: number }) {
  return postForm<Paged<LoginLogRow>>(`${I}/getLoginLogs`, { ...input });
}
