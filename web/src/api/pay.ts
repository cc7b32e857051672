import type { PayChannel, PayCreated, PaymentState, RechargeConfig } from '@kapu/contract';
import { postForm } from '@/app/http/client';

export type PayClientType = 'pc' | 'mobile';

export interface PayCreateForm {
  accountId: number;
  orderNo?: string;
  /** Recharge amount in yuan text. */
  amount?: string;
  queryPassword?: string;
  payToken?: string;
  salePwd?: string;
  client: PayClientType;
}

/** 可用支付方式 POST /pay/getChannels */
export function getPayChannels(client: PayClientType, purpose: 'order' | 'recharge') {
  return postForm<PayChannel[]>('/pay/getChannels', { client, purpose });
}

/** 充值金额范围与赠送档位 POST /pay/recharge/config */
export function getRechargeConfig() {
  return postForm<RechargeConfig>('/pay/recharge/config');
}

/** 发起支付（订单或充值） POST /pay/create */
export function createPayment(values: PayCreateForm) {
  return postForm<PayCreated>('/pay/create', { ...values });
}

/** 支付单真实状态 POST /pay/status */
export function getPaymentStatus(paymentNo: string) {
  return postForm<PaymentState>('/pay/status', { paymentNo }, { silent: true });
}

/** 模拟收银台确认支付 POST /pay/sandbox/confirm */
export function confirmSandboxPayment(paymentNo: string, token: string) {
  return postForm<{ paymentNo: string; status: 'paid' }>('/pay/sandbox/confirm', { paymentNo, token });
}
