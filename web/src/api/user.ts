import type {
  AuthOptions,
  CaptchaAnswer,
  LoginInput,
  OAuthCallbackAnswer,
  OAuthKind,
  RegisterInput,
  SessionAnswer,
} from '@kapu/contract';
import { postForm } from '@/app/http/client';

/** 会员注册 POST /user/register */
export function registerUser(input: RegisterInput) {
  return postForm<SessionAnswer>('/user/register', { ...input });
}

/** 会员登录 POST /user/login */
export function loginUser(input: LoginInput) {
  return postForm<SessionAnswer | { captchaRequired?: boolean } | null>('/user/login', { ...input });
}

/** 会员退出登录 POST /user/logout */
export function logoutUser() {
  return postForm<null>('/user/logout');
}

/** 图形验证码 POST /user/captcha */
export function getUserCaptcha() {
  return postForm<CaptchaAnswer>('/user/captcha');
}

/** 注册验证码开关与已开启的第三方登录 POST /user/authOptions */
export function getAuthOptions() {
  return postForm<AuthOptions>('/user/authOptions');
}

/** 找回密码：发送邮箱或短信验证码 POST /user/forget/sendCode */
export function sendForgetCode(input: {
  channel: 'email' | 'sms';
  target: string;
  captchaId?: string;
  captcha?: string;
}) {
  return postForm<{ resendAfter: number }>('/user/forget/sendCode', { ...input });
}

/** 找回密码：凭验证码重设登录密码 POST /user/forget/reset */
export function resetForgetPassword(input: {
  channel: 'email' | 'sms';
  target: string;
  code: string;
  newPassword: string;
}) {
  return postForm<null>('/user/forget/reset', { ...input });
}

/** 第三方授权地址（登录或绑定） POST /user/oauth/{qq|wx}/authorize */
export function oauthAuthorize(kind: 'qq' | 'wx', purpose: 'login' | 'bind') {
  return postForm<{ url: string; state: string }>(`/user/oauth/${kind}/authorize`, { purpose });
}

/** 第三方授权回调：用 code + state 登录或完成绑定 POST /user/oauth/{qq|wx|mp}/callback */
export function oauthCallback(kind: OAuthKind, input: { code: string; state: string }) {
  return postForm<OAuthCallbackAnswer>(`/user/oauth/${kind}/callback`, { ...input });
}
