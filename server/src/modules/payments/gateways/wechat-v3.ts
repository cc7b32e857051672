import { createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import {
  GatewayError,
  httpText,
  need,
  privateKeyOf,
  publicKeyOf,
  type Gateway,
  type GatewayAccount,
  type NotifyAnswer,
} from './gateway.js';

/**
 * WeChat Pay API v3, Native (QR) pay: requests signed `WECHATPAY2-SHA256-RSA2048` with the
 * merchant key; answers and notifies verified with the platform public key over
 * `timestamp\nnonce\nbody\n`; the notify resource decrypted with the API v3 key (AES-256-GCM).
 */
export const WECHAT_API = 'https://api.mch.weixin.qq.com';
const MAX_SKEW_SECONDS = 300;

function authorization(account: GatewayAccount, method: string, pathWithQuery: string, body: string): string {
  const mchid = need(account, 'mchId');
  const ts = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const signature = createSign('RSA-SHA256')
    .update(`${method}\n${pathWithQuery}\n${ts}\n${nonce}\n${body}\n`)
    .sign(privateKeyOf(need(account, 'merchantPrivateKey')), 'base64');
  return `WECHATPAY2-SHA256-RSA2048 mchid="${mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${ts}",serial_no="${need(account, 'serialNo')}"`;
}

/** Checks the platform signature headers over a body; false on any problem. */
export function verifyWechatSignature(
  account: GatewayAccount,
  headers: Record<string, string | undefined>,
  body: string,
): boolean {
  const ts = headers['wechatpay-timestamp'] ?? '';
  const nonce = headers['wechatpay-nonce'] ?? '';
  const signature = headers['wechatpay-signature'] ?? '';
  if (!/^\d{10}$/.test(ts) || !nonce || !signature) return false;
  if (Math.abs(Date.now() / 1000 - Number(ts)) > MAX_SKEW_SECONDS) return false;
  const serial = account.config.platformSerial?.trim();
  if (serial && headers['wechatpay-serial'] && headers['wechatpay-serial'] !== serial) return false;
  try {
    return createVerify('RSA-SHA256')
      .update(`${ts}\n${nonce}\n${body}\n`)
      .verify(publicKeyOf(need(account, 'platformPublicKey')), signature, 'base64');
  } catch {
    return false;
  }
}

/** AEAD_AES_256_GCM with the API v3 key: ciphertext is base64(ct | 16-byte tag). */
export function decryptResource(
  apiV3Key: string,
  resource: { ciphertext: string; nonce: string; associated_data?: string },
): string {
  const raw = Buffer.from(resource.ciphertext, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(raw.subarray(0, raw.length - 16)), decipher.final()]).toString('utf8');
}

const headersOf = (h: Headers): Record<string, string | undefined> =>
  Object.fromEntries([...h.entries()].map(([k, v]) => [k.toLowerCase(), v]));

async function call(
  account: GatewayAccount,
  method: 'GET' | 'POST',
  pathWithQuery: string,
  payload?: unknown,
): Promise<{ status: number; data: Record<string, unknown> }> {
  const base = (account.config.apiBase?.trim() || WECHAT_API).replace(/\/+$/, '');
  const body = payload === undefined ? '' : JSON.stringify(payload);
  const res = await httpText(base + pathWithQuery, {
    method,
    headers: {
      authorization: authorization(account, method, pathWithQuery, body),
      accept: 'application/json',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body || undefined,
  });
  if (res.status >= 200 && res.status < 300 && !verifyWechatSignature(account, headersOf(res.headers), res.text))
    throw new GatewayError('微信支付应答签名验证失败');
  let data: Record<string, unknown> = {};
  try {
    data = res.text ? (JSON.parse(res.text) as Record<string, unknown>) : {};
  } catch {
    throw new GatewayError(`微信支付应答无法解析（HTTP ${res.status}）`);
  }
  return { status: res.status, data };
}

interface Transaction {
  mchid?: string;
  appid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  amount?: { total?: number };
}

const json = (ok: boolean): NotifyAnswer =>
  ok
    ? { status: 200, contentType: 'application/json; charset=utf-8', body: '{"code":"SUCCESS","message":"成功"}' }
    : { status: 400, contentType: 'application/json; charset=utf-8', body: '{"code":"FAIL","message":"失败"}' };

export const wechatV3: Gateway = {
  name: 'wechat_v3',
  fields: [
    { key: 'mchId', label: '商户号', required: true },
    { key: 'appId', label: 'APPID', required: true },
    { key: 'serialNo', label: '商户证书序列号', required: true },
    { key: 'merchantPrivateKey', label: '商户私钥', secret: true, required: true },
    { key: 'apiV3Key', label: 'APIv3 密钥', secret: true, required: true },
    { key: 'platformPublicKey', label: '微信支付公钥/平台证书公钥', required: true },
    { key: 'platformSerial', label: '公钥ID/平台证书序列号' },
    { key: 'apiBase', label: '接口地址（留空为正式环境）' },
  ],

  async create(account, intent) {
    const { status, data } = await call(account, 'POST', '/v3/pay/transactions/native', {
      appid: need(account, 'appId'),
      mchid: need(account, 'mchId'),
      description: (intent.subject || intent.paymentNo).slice(0, 127),
      out_trade_no: intent.paymentNo,
      notify_url: intent.notifyUrl,
      amount: { total: intent.amountFen, currency: 'CNY' },
    });
    if (status !== 200 || typeof data.code_url !== 'string')
      throw new GatewayError(`微信支付下单失败：${String(data.message ?? status)}`.slice(0, 200));
    return { kind: 'qrcode', code: data.code_url };
  },

  verifyNotify(account, req) {
    if (!verifyWechatSignature(account, req.headers, req.rawBody)) return { ok: false, reason: '签名错误' };
    let tx: Transaction;
    try {
      const body = JSON.parse(req.rawBody) as {
        resource?: { ciphertext: string; nonce: string; associated_data?: string };
      };
      if (!body.resource) return { ok: false, reason: '缺少 resource' };
      tx = JSON.parse(decryptResource(need(account, 'apiV3Key'), body.resource)) as Transaction;
    } catch {
      return { ok: false, reason: '通知解密失败' };
    }
    if (tx.mchid !== account.config.mchId) return { ok: false, reason: '商户号不匹配', paymentNo: tx.out_trade_no };
    if (!tx.out_trade_no || !Number.isSafeInteger(tx.amount?.total))
      return { ok: false, reason: '参数不完整', paymentNo: tx.out_trade_no };
    return {
      ok: true,
      paymentNo: tx.out_trade_no,
      amountFen: tx.amount!.total!,
      tradeNo: tx.transaction_id ?? '',
      paid: tx.trade_state === 'SUCCESS',
    };
  },

  answer: json,

  async query(account, paymentNo) {
    const { status, data } = await call(
      account,
      'GET',
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(paymentNo)}?mchid=${encodeURIComponent(need(account, 'mchId'))}`,
    );
    if (status === 404) return null;
    if (status !== 200) throw new GatewayError(`微信支付查询失败：${String(data.message ?? status)}`.slice(0, 200));
    const tx = data as Transaction;
    if (tx.out_trade_no !== paymentNo) throw new GatewayError('微信支付查询返回的订单号不一致');
    return { paid: tx.trade_state === 'SUCCESS', amountFen: tx.amount?.total, tradeNo: tx.transaction_id ?? '' };
  },

  async refund(account, payment, amountFen, refundNo) {
    const { status, data } = await call(account, 'POST', '/v3/refund/domestic/refunds', {
      out_trade_no: payment.paymentNo,
      out_refund_no: refundNo,
      amount: { refund: amountFen, total: payment.amountFen, currency: 'CNY' },
    });
    if (status !== 200 || !['SUCCESS', 'PROCESSING'].includes(String(data.status)))
      throw new GatewayError(`微信支付退款失败：${String(data.message ?? status)}`.slice(0, 200));
    return { ref: String(data.refund_id ?? refundNo) };
  },
};
