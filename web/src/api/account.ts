import type { AccountView, LastTwoLoginLog } from '@kapu/contract';
import { postFile, postForm } from '@/app/http/client';

/** 当前会员的账户信息 POST /inside/inter/getAccount */
export function getAccount() {
  return postForm<AccountView>('/inside/inter/getAccount');
}

/** 最近两次登录记录（登录地提醒） POST /inside/inter/getLastTwoLoginLog */
export function getLastTwoLoginLog() {
  return postForm<LastTwoLoginLog>('/inside/inter/getLastTwoLoginLog');
}

/** 上传图片 POST /inside/uploadFile */
export function uploadFile(file: Blob) {
  return postFile<{ url: string }>('/inside/uploadFile', file);
}
