import type { SessionAnswer, StaffLoginInput, StaffView } from '@kapu/contract';
import { postForm } from '@/app/http/client';
import type { CaptchaAnswer } from './user';

/** What a staff login answers: the session, or why not (captcha / authenticator code needed). */
export type StaffLoginAnswer = SessionAnswer | { captchaRequired?: boolean; totpRequired?: boolean } | null;

/** 客服台登录 POST /other/auth/login */
export function loginOther(input: StaffLoginInput) {
  return postForm<StaffLoginAnswer>('/other/auth/login', { ...input });
}

/** 客服台图形验证码（登录失败多次后需要） POST /other/auth/captcha */
export function getOtherCaptcha() {
  return postForm<CaptchaAnswer>('/other/auth/captcha');
}

/** 客服台退出登录 POST /other/auth/logout */
export function logoutOther() {
  return postForm<null>('/other/auth/logout');
}

/** 当前客服信息 POST /other/auth/me */
export function getOtherMe() {
  return postForm<StaffView>('/other/auth/me');
}
