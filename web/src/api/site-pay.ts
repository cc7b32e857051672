import type { Paged, PayCreated, PaymentAccountView, SitePayAccounts, SiteRefundDueRow } from '@kapu/contract';
import { postForm } from '@/app/http/client';
import type { PaymentAccountForm } from './admin-payments';

/** 分站自有收款账户、预存余额与可用网关 POST /vip/payAccount/getList */
export function getSitePayAccounts() {
  return postForm<SitePayAccounts>('/vip/payAccount/getList');
}

/** 新增或修改分站收款账户（密钥留空则保留原值） POST /vip/payAccount/save */
export function saveSitePayAccount(values: PaymentAccountForm) {
  return postForm<PaymentAccountView>('/vip/payAccount/save', { ...values });
}

/** 启用或停用分站收款账户 POST /vip/payAccount/setEnabled */
export function setSitePayAccountEnabled(id: number, enabled: boolean) {
  return postForm<PaymentAccountView>('/vip/payAccount/setEnabled', { id, enabled: enabled ? 1 : 0 });
}

/** 删除分站收款账户（有支付记录时改为停用） POST /vip/payAccount/delete */
export function deleteSitePayAccount(id: number) {
  return postForm<{ deleted: boolean; disabled: boolean }>('/vip/payAccount/delete', { id });
}

/** 测试分站收款账户（发起 0.01 元测试支付） POST /vip/payAccount/test */
export function testSitePayAccount(id: number) {
  return postForm<PayCreated>('/vip/payAccount/test', { id });
}

/** 货款在站长收款账户、待站长退款的订单 POST /vip/payRefund/getList */
export function getSiteRefundsDue(page: number, pageSize = 10) {
  return postForm<Paged<SiteRefundDueRow>>('/vip/payRefund/getList', { page, pageSize });
}

/** 站长原路退款或确认已线下退款 POST /vip/payRefund/confirm */
export function confirmSiteRefund(values: { orderNo: string; via: 'gateway' | 'manual'; reason?: string }) {
  return postForm<{ status: 'refunded'; via: 'gateway' | 'manual' }>('/vip/payRefund/confirm', { ...values });
}
