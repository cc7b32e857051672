import type { PayHandoff, PaymentStatus } from '@kapu/contract';
import { postForm } from '@/app/http/client';

export type PayClientType = 'pc' | 'mobile';

export interface PayChannel {
  /** The gateway account's id (what /pay/create takes as accountId). */
  id: number;
  gateway: string;
  name: string;
  icon: string;
  /** Fee added for the payer, 1/10000. */
  feeRate: number;
  /** 易支付 type (alipay / wxpay / qqpay …) when the account has one. */
  type: string;
}

export interface RechargeConfig {
  /** fen */
  min: number;
  max: number;
  tiers: Array<{ min: number; bonus: number }>;
}

export interface PayCreated {
  paymentNo: string;
  /** What the payer pays, fee included, fen. */
  amount: number;
  fee: number;
  /** epoch ms */
  expiresAt: number;
  gateway: string;
  handoff: PayHandoff;
  /** Visitors: proof to pay this order again without the query password. */
  payToken?: string;
  /** Recharges: the bonus this amount earns, fen. */
  bonus?: number;
}

export interface PaymentState {
  paymentNo: string;
  status: PaymentStatus;
  purpose: 'order' | 'recharge' | 'test';
  amount: number;
  fee: number;
  gateway: string;
  /** The order number for order payments. */
  refNo: string;
  subject: string;
  expiresAt: number;
  paidAt: number | null;
}

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
