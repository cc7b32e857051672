import type {
  AdminPaymentRow,
  GatewayInfo,
  NotifyLogRow,
  Paged,
  PayCreated,
  PaymentAccountView,
  PaymentStatus,
  RechargeConfig,
} from '@kapu/contract';
import { postForm } from '@/app/http/client';
import { adminUrl } from '@/app/http/admin-path';

export interface PaymentAccountForm {
  id?: number;
  gateway: string;
  name: string;
  displayName?: string;
  icon?: string;
  client: 'pc' | 'mobile' | 'all';
  feeRate: number;
  sort: number;
  enabled: 0 | 1;
  /** JSON of the gateway fields; an empty secret keeps the stored one. */
  config: string;
}

/** 支持的支付网关及其配置项 POST /{adminPath}/payments/gateways */
export function getGateways() {
  return postForm<GatewayInfo[]>(adminUrl('payments/gateways'));
}

/** 支付账户列表（密钥只显示是否已设置） POST /{adminPath}/payments/accounts */
export function getPaymentAccounts() {
  return postForm<PaymentAccountView[]>(adminUrl('payments/accounts'));
}

/** 新增或修改支付账户 POST /{adminPath}/payments/saveAccount */
export function savePaymentAccount(values: PaymentAccountForm) {
  return postForm<PaymentAccountView>(adminUrl('payments/saveAccount'), { ...values });
}

/** 删除支付账户（有支付记录时改为停用） POST /{adminPath}/payments/deleteAccount */
export function deletePaymentAccount(id: number) {
  return postForm<{ deleted: boolean; disabled: boolean }>(adminUrl('payments/deleteAccount'), { id });
}

/** 测试支付账户（发起 0.01 元测试支付） POST /{adminPath}/payments/testAccount */
export function testPaymentAccount(id: number) {
  return postForm<PayCreated>(adminUrl('payments/testAccount'), { id });
}

/** 支付记录 POST /{adminPath}/payments/list */
export function getPayments(query: { status?: PaymentStatus; keyword?: string; page?: number; pageSize?: number }) {
  return postForm<Paged<AdminPaymentRow>>(adminUrl('payments/list'), query);
}

/** 支付回调日志 POST /{adminPath}/payments/notifyLogs */
export function getNotifyLogs(query: { paymentNo?: string; verdict?: string; page?: number; pageSize?: number }) {
  return postForm<Paged<NotifyLogRow>>(adminUrl('payments/notifyLogs'), query);
}

/** 回调日志保留设置 POST /{adminPath}/payments/notifyLogSettings */
export function getNotifyLogSettings() {
  return postForm<{ days: number; maxRows: number }>(adminUrl('payments/notifyLogSettings'));
}

/** 保存回调日志保留设置 POST /{adminPath}/payments/saveNotifyLogSettings */
export function saveNotifyLogSettings(values: { days: number; maxRows: number }) {
  return postForm<{ days: number; maxRows: number }>(adminUrl('payments/saveNotifyLogSettings'), values);
}

/** 充值设置（分） POST /{adminPath}/payments/rechargeSettings */
export function getRechargeSettings() {
  return postForm<RechargeConfig>(adminUrl('payments/rechargeSettings'));
}

/** 保存充值设置（金额为元，赠送规则为 JSON） POST /{adminPath}/payments/saveRechargeSettings */
export function saveRechargeSettings(body: { min: string; max: string; tiers: string }) {
  return postForm<RechargeConfig>(adminUrl('payments/saveRechargeSettings'), body);
}

/** 支付单退款（退回余额或原路退回） POST /{adminPath}/payments/refund */
export function refundPayment(values: { paymentNo: string; via: 'balance' | 'gateway'; reason: string }) {
  return postForm<{ paymentNo: string; amount: number; via: 'balance' | 'gateway'; ref: string | null }>(
    adminUrl('payments/refund'),
    values,
  );
}

/** 站点公网地址（支付回调与返回地址所用） POST /{adminPath}/payments/publicUrl */
export function getPublicUrl() {
  return postForm<{ publicUrl: string; requestOrigin: string }>(adminUrl('payments/publicUrl'));
}

/** 保存站点公网地址（留空则使用访问地址） POST /{adminPath}/payments/savePublicUrl */
export function savePublicUrl(publicUrl: string) {
  return postForm<{ publicUrl: string }>(adminUrl('payments/savePublicUrl'), { publicUrl });
}
