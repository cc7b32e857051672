import type { LoginInput, RegisterInput, SessionAnswer } from '@kapu/contract';
import { postForm } from '@/app/http/client';

/** 会员注册 POST /user/register */
export function registerUser(input: RegisterInput) {
  return postForm<SessionAnswer>('/user/register', { ...input });
}

/** 会员登录 POST /user/login */
export function loginUser(input: LoginInput) {
  return postForm<SessionAnswer>('/user/login', { ...input });
}

/** 会员退出登录 POST /user/logout */
export function logoutUser() {
  return postForm<null>('/user/logout');
}
