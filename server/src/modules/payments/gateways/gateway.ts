import type { PayHandoff } from '@kapu/contract';

/** A gateway account as a gateway sees it: its id and its configuration with secrets opened. */
export interface GatewayAccount {
  id: number;
  gateway: string;
  config: Record<string, string>;
}

/** What a gateway needs to start collecting one payment. */
export interface PaymentIntent {
  paymentNo: string;
  /** Fen to collect. */
  amountFen: number;
  subject: string;
  notifyUrl: string;
  returnUrl: string;
  clientIp: string;
  client: 'pc' | 'mobile';
}

/** An incoming notify as received: query string, parsed body fields, raw body, headers. */
export interface NotifyRequest {
  method: string;
  params: Record<string, string>;
  rawBody: string;
  headers: Record<string, string | undefined>;
}

export type NotifyVerdict =
  | { ok: true; paymentNo: string; amountFen: number; tradeNo: string; paid: boolean }
  | { ok: false; reason: string; paymentNo?: string };

export interface QueryResult {
  paid: boolean;
  amountFen?: number;
  tradeNo?: string;
}

export interface NotifyAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** One field of an account's configuration, for the admin form. */
export interface ConfigField {
  key: string;
  label: string;
  secret?: boolean;
  required?: boolean;
  options?: readonly string[];
  placeholder?: string;
}

/**
 * A payment channel: one object per gateway behind this one (the only pluggable part, since several exist)
 * interface. The service owns payment records, idempotence and fulfilment; a gateway only
 * speaks its protocol: start a payment, read a notify, ask about a payment, refund.
 */
export interface Gateway {
  readonly name: string;
  readonly fields: readonly ConfigField[];
  create(account: GatewayAccount, intent: PaymentIntent): Promise<PayHandoff>;
  verifyNotify(account: GatewayAccount, req: NotifyRequest): Promise<NotifyVerdict> | NotifyVerdict;
  answer(ok: boolean): NotifyAnswer;
  query(account: GatewayAccount, paymentNo: string): Promise<QueryResult | null>;
  refund?(
    account: GatewayAccount,
    payment: { paymentNo: string; amountFen: number; tradeNo: string | null },
    amountFen: number,
    refundNo: string,
  ): Promise<{ ref: string }>;
  /** A configuration the gateway would refuse on every payment, said in Chinese before it is saved. */
  checkConfig?(config: Record<string, string>): string | null;
}

/** A gateway failure worth showing to staff (never the raw response to members). */
export class GatewayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayError';
  }
}

export const textAnswer = (body: string, status = 200): NotifyAnswer => ({
  status,
  contentType: 'text/plain; charset=utf-8',
  body,
});

/** Required configuration value, or a GatewayError naming the field. */
export function need(account: GatewayAccount, key: string): string {
  const v = account.config[key]?.trim();
  if (!v) throw new GatewayError(`账户配置缺少 ${key}`);
  return v;
}

/** Fen → yuan text with two decimals for gateways ("1.00"). */
export function yuanText(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** A gateway's yuan amount ("1", "1.0", "1.00", 1) → fen, numerically; undefined when malformed. */
export function gatewayYuanToFen(value: unknown): number | undefined {
  const text = String(value ?? '').trim();
  const m = /^(\d{1,12})(?:\.(\d{1,2})0*)?$/.exec(text);
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** POST/GET with a timeout; answers the body text. */
export async function httpText(
  url: string,
  init: RequestInit & { timeoutMs?: number } = {},
): Promise<{ status: number; text: string; headers: Headers }> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 10_000) });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

/** Keys sorted by ASCII, `sign`/`sign_type` and empty values dropped, joined k=v&… unencoded. */
export function canonicalString(params: Record<string, unknown>): string {
  return Object.keys(params)
    .filter(
      (k) =>
        k !== 'sign' && k !== 'sign_type' && params[k] !== undefined && params[k] !== null && String(params[k]) !== '',
    )
    .sort()
    .map((k) => `${k}=${String(params[k])}`)
    .join('&');
}

// Key parsing is shared with other providers (Alipay face verification): it lives in core.
export { pem, privateKeyOf, publicKeyOf } from '../../../core/rsa-keys.js';
