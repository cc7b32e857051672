import type { CaptchaAnswer, StaffLoginAnswer, StaffLoginInput, StaffView } from '@kapu/contract';
import { postForm } from '@/app/http/client';

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
