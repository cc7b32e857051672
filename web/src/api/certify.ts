import type { AdminCertifyRow, CertifySettingsView, CertifyStatus, CertifyStatusView, Paged } from '@kapu/contract';
import { postForm } from '@/app/http/client';
import { adminUrl } from '@/app/http/admin-path';

const C = '/inside/certify';
/** 实名认证状态 POST /inside/certify/status */
export function certifyStatus() {
  return postForm<CertifyStatusView>(`${C}/status`);
}

/** 提交人工审核 POST /inside/certify/submit */
export function certifySubmit(values: { realName: string; idNumber: string; images: string[] }) {
  return postForm<CertifyStatusView>(`${C}/submit`, values);
}

/** 发起支付宝刷脸认证，返回认证页地址 POST /inside/certify/alipayStart */
export function certifyAlipayStart(values: { realName: string; idNumber: string }) {
  return postForm<{ url: string }>(`${C}/alipayStart`, values);
}

/** 向支付宝查询真实认证结果 POST /inside/certify/alipayResult */
export function certifyAlipayResult(certifyId?: string) {
  return postForm<CertifyStatusView>(`${C}/alipayResult`, certifyId ? { certifyId } : {});
}

/** 后台：实名认证申请列表 */
export function adminCertifyList(query: {
  status?: Exclude<CertifyStatus, 'none'>;
  keyword?: string;
  page?: number;
  pageSize?: number;
}) {
  return postForm<Paged<AdminCertifyRow>>(adminUrl('certify/list'), query);
}
export function adminCertifyApprove(id: number) {
  return postForm<null>(adminUrl('certify/approve'), { id });
}
export function adminCertifyReject(id: number, reason: string) {
  return postForm<null>(adminUrl('certify/reject'), { id, reason });
}
export function adminCertifySettings() {
  return postForm<CertifySettingsView>(adminUrl('certify/settings'));
}
export function adminCertifySaveSettings(values: {
  alipayEnabled: 0 | 1;
  appId: string;
  privateKey: string;
  alipayPublicKey: string;
  gateway: string;
}) {
  return postForm<CertifySettingsView>(adminUrl('certify/saveSettings'), values);
}
