import { createSign, createVerify } from 'node:crypto';
import { epayBase, epayName, typeRequiredFor } from './epay-v1.js';
import {
  canonicalString,
  GatewayError,
  gatewayYuanToFen,
  httpText,
  need,
  privateKeyOf,
  publicKeyOf,
  textAnswer,
  yuanText,
  type Gateway,
  type GatewayAccount,
} from './gateway.js';

/**
 * 易支付 V2 (RSA): `api/pay/submit|create|query|refund`; the canonical string of V1 signed
 * SHA256withRSA with the merchant private key; answers and notifies verified with the
 * platform public key; `timestamp` more than 300 s away from now is refused.
 */
export const MAX_SKEW_SECONDS = 300;

export function rsaSign(params: Record<string, unknown>, privateKey: string): string {
  return createSign('RSA-SHA256').update(canonicalString(params), 'utf8').sign(privateKeyOf(privateKey), 'base64');
}

export function rsaVerify(params: Record<string, unknown>, sign: string, publicKey: string): boolean {
  try {
    return createVerify('RSA-SHA256')
      .update(canonicalString(params), 'utf8')
      .verify(publicKeyOf(publicKey), sign, 'base64');
  } catch {
    return false;
  }
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
function freshTimestamp(ts: unknown): boolean {
  const n = Number(ts);
  return /^\d{10}$/.test(String(ts ?? '')) && Math.abs(nowSeconds() - n) <= MAX_SKEW_SECONDS;
}

function signed(account: GatewayAccount, params: Record<string, string>): Record<string, string> {
  const all = { ...params, pid: need(account, 'pid'), timestamp: String(nowSeconds()) };
  return { ...all, sign: rsaSign(all, need(account, 'merchantPrivateKey')), sign_type: 'RSA' };
}

/** POSTs a signed form to an API path and answers the verified JSON. */
async function call(
  account: GatewayAccount,
  path: string,
  params: Record<string, string>,
): Promise<Record<string, unknown>> {
  const base = epayBase(need(account, 'baseUrl'));
  const res = await httpText(`${base}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(signed(account, params)).toString(),
  });
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(res.text) as Record<string, unknown>;
  } catch {
    throw new GatewayError(`易支付接口返回无法解析（HTTP ${res.status}）`);
  }
  if (Number(data.code) !== 0)
    throw new GatewayError(`易支付接口返回错误：${String(data.msg ?? data.code)}`.slice(0, 200));
  if (typeof data.sign !== 'string' || !rsaVerify(data, data.sign, need(account, 'platformPublicKey')))
    throw new GatewayError('易支付接口返回的签名验证失败');
  if (!freshTimestamp(data.timestamp)) throw new GatewayError('易支付接口返回的时间戳超出允许范围');
  return data;
}

export const epayV2: Gateway = {
  name: 'epay_v2',
  fields: [
    { key: 'baseUrl', label: '接口地址', required: true, placeholder: 'https://pay.example.com/' },
    { key: 'pid', label: '商户ID', required: true },
    { key: 'merchantPrivateKey', label: '商户私钥', secret: true, required: true },
    { key: 'platformPublicKey', label: '平台公钥', required: true },
    { key: 'type', label: '支付方式', options: ['', 'alipay', 'wxpay', 'qqpay', 'bank', 'jdpay'] },
    { key: 'mode', label: '下单方式', options: ['submit', 'create'] },
  ],

  async create(account, intent) {
    const params: Record<string, string> = {
      type: account.config.type ?? '',
      out_trade_no: intent.paymentNo,
      notify_url: intent.notifyUrl,
      return_url: intent.returnUrl,
      name: epayName(intent.subject, intent.paymentNo),
      money: yuanText(intent.amountFen),
    };
    if (account.config.mode === 'create') {
      const data = await call(account, 'api/pay/create', {
        ...params,
        clientip: intent.clientIp,
        method: intent.client === 'mobile' ? 'jump' : 'web',
        device: intent.client === 'mobile' ? 'mobile' : 'pc',
      });
      const info = String(data.pay_info ?? '');
      switch (data.pay_type) {
        case 'qrcode':
          return { kind: 'qrcode', code: info };
        case 'html':
          return { kind: 'html', html: info };
        case 'jump':
        case 'urlscheme':
        default:
          if (!info) throw new GatewayError('易支付下单未返回支付地址');
          return { kind: 'redirect', url: info };
      }
    }
    const base = epayBase(need(account, 'baseUrl'));
    return { kind: 'form', action: `${base}/api/pay/submit`, method: 'POST', fields: signed(account, params) };
  },

  checkConfig: (config) => typeRequiredFor('create', config),

  verifyNotify(account, req) {
    const p = req.params;
    const publicKey = account.config.platformPublicKey ?? '';
    if (!publicKey || !p.sign) return { ok: false, reason: '缺少签名', paymentNo: p.out_trade_no };
    if (!rsaVerify(p, p.sign, publicKey)) return { ok: false, reason: '签名错误', paymentNo: p.out_trade_no };
    if (!freshTimestamp(p.timestamp)) return { ok: false, reason: '时间戳超出允许范围', paymentNo: p.out_trade_no };
    if (p.pid !== undefined && String(p.pid) !== String(account.config.pid))
      return { ok: false, reason: '商户ID不匹配', paymentNo: p.out_trade_no };
    const amountFen = gatewayYuanToFen(p.money);
    if (amountFen === undefined || !p.out_trade_no)
      return { ok: false, reason: '参数不完整', paymentNo: p.out_trade_no };
    return {
      ok: true,
      paymentNo: p.out_trade_no,
      amountFen,
      tradeNo: String(p.trade_no ?? ''),
      paid: p.trade_status === 'TRADE_SUCCESS',
    };
  },

  answer: (ok) => textAnswer(ok ? 'success' : 'fail'),

  async query(account, paymentNo) {
    const data = await call(account, 'api/pay/query', { out_trade_no: paymentNo });
    if (String(data.out_trade_no ?? paymentNo) !== paymentNo) throw new GatewayError('易支付查询返回的订单号不一致');
    return {
      paid: Number(data.status) === 1,
      amountFen: gatewayYuanToFen(data.money),
      tradeNo: String(data.trade_no ?? ''),
    };
  },

  async refund(account, payment, amountFen, refundNo) {
    const data = await call(account, 'api/pay/refund', {
      out_trade_no: payment.paymentNo,
      out_refund_no: refundNo,
      money: yuanText(amountFen),
    });
    return { ref: String(data.refund_no ?? data.trade_no ?? refundNo) };
  },
};
