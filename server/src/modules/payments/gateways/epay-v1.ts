import { createHash } from 'node:crypto';
import { safeEqual } from '../../../core/crypto.js';
import {
  canonicalString,
  GatewayError,
  gatewayYuanToFen,
  httpText,
  need,
  textAnswer,
  yuanText,
  type Gateway,
  type GatewayAccount,
} from './gateway.js';

/**
 * 易支付 V1 (MD5): page jump `submit.php` (GET or POST form) or server-side `mapi.php`;
 * notify GET or POST answered `success`; query `api.php?act=order`.
 */

/** The admin's base URL with or without a trailing `/`, `/submit.php` or `/mapi.php`. */
export function epayBase(url: string): string {
  let base = url.trim();
  base = base.replace(/[?#].*$/, '');
  base = base.replace(/\/+(submit|mapi|api)\.php$/i, '');
  base = base.replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/]+/i.test(base)) throw new GatewayError('接口地址须以 http:// 或 https:// 开头');
  return base;
}

export function md5Sign(params: Record<string, unknown>, key: string): string {
  return createHash('md5')
    .update(canonicalString(params) + key, 'utf8')
    .digest('hex');
}

/** Characters of a goods name that 易支付 stores as sent: letters (any script), digits and a few marks. */
const PLAIN_NAME = /[^\p{L}\p{N} _\-.()（）【】·]/gu;
export const EPAY_NAME_MAX = 32;

/**
 * The `name` sent to 易支付. The server stores it HTML-escaped in a 64-character column with
 * emoji replaced, and refuses a re-posted form whose name differs from its stored copy
 * (支付参数有变化): so only plain characters, at most 32 of them (≤ 96 bytes, under the
 * 127-byte cut), and the payment number when nothing plain is left.
 */
export function epayName(subject: string, fallback: string): string {
  const plain = subject.normalize('NFC').replace(PLAIN_NAME, ' ').replace(/\s+/g, ' ').trim();
  return [...plain].slice(0, EPAY_NAME_MAX).join('').trim() || fallback;
}

/** mapi (V1) and create (V2) are server-side calls: the server needs the payment type then. */
export function typeRequiredFor(apiMode: 'mapi' | 'create', config: Record<string, string>): string | null {
  if (config.mode === apiMode && !config.type?.trim())
    return `下单方式为 ${apiMode} 时必须选择支付方式：易支付的${apiMode === 'mapi' ? ' mapi.php' : '创建订单'}接口不接受空的 type（支付方式(type)不能为空）。只有“跳转（submit）”方式可以留空，由易支付收银台让买家选择`;
  return null;
}

const PAID = 'TRADE_SUCCESS';

export const epayV1: Gateway = {
  name: 'epay_v1',
  fields: [
    { key: 'baseUrl', label: '接口地址', required: true, placeholder: 'https://pay.example.com/' },
    { key: 'pid', label: '商户ID', required: true },
    { key: 'key', label: '商户密钥', secret: true, required: true },
    { key: 'type', label: '支付方式', options: ['', 'alipay', 'wxpay', 'qqpay', 'bank', 'jdpay'] },
    { key: 'mode', label: '下单方式', options: ['submit', 'mapi'] },
    { key: 'submitMethod', label: '跳转方式', options: ['POST', 'GET'] },
  ],

  async create(account, intent) {
    const base = epayBase(need(account, 'baseUrl'));
    const key = need(account, 'key');
    const params: Record<string, string> = {
      pid: need(account, 'pid'),
      type: account.config.type ?? '',
      out_trade_no: intent.paymentNo,
      notify_url: intent.notifyUrl,
      return_url: intent.returnUrl,
      name: epayName(intent.subject, intent.paymentNo),
      money: yuanText(intent.amountFen),
    };
    if (account.config.mode === 'mapi') {
      const body = { ...params, clientip: intent.clientIp, device: intent.client === 'mobile' ? 'mobile' : 'pc' };
      const signed = { ...body, sign: md5Sign(body, key), sign_type: 'MD5' };
      const res = await httpText(`${base}/mapi.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(signed).toString(),
      });
      let data: Record<string, unknown>;
      try {
        data = JSON.parse(res.text) as Record<string, unknown>;
      } catch {
        throw new GatewayError(`易支付下单返回无法解析（HTTP ${res.status}）`);
      }
      if (Number(data.code) !== 1) throw new GatewayError(`易支付下单失败：${String(data.msg ?? '')}`.slice(0, 200));
      if (typeof data.payurl === 'string' && data.payurl) return { kind: 'redirect', url: data.payurl };
      if (typeof data.qrcode === 'string' && data.qrcode) return { kind: 'qrcode', code: data.qrcode };
      if (typeof data.urlscheme === 'string' && data.urlscheme) return { kind: 'redirect', url: data.urlscheme };
      // A channel that pays by form (a bank gateway): the page is handed off as it came.
      if (typeof data.html === 'string' && data.html) return { kind: 'html', html: data.html };
      throw new GatewayError('易支付下单未返回支付地址');
    }
    const fields = { ...params, sign: md5Sign(params, key), sign_type: 'MD5' };
    if (account.config.submitMethod === 'GET')
      return { kind: 'redirect', url: `${base}/submit.php?${new URLSearchParams(fields).toString()}` };
    return { kind: 'form', action: `${base}/submit.php`, method: 'POST', fields };
  },

  checkConfig: (config) => typeRequiredFor('mapi', config),

  verifyNotify(account, req) {
    const p = req.params;
    const key = account.config.key ?? '';
    if (!key || !p.sign) return { ok: false, reason: '缺少签名', paymentNo: p.out_trade_no };
    if (!safeEqual(md5Sign(p, key), String(p.sign).toLowerCase()))
      return { ok: false, reason: '签名错误', paymentNo: p.out_trade_no };
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
      paid: p.trade_status === PAID,
    };
  },

  answer: (ok) => textAnswer(ok ? 'success' : 'fail'),

  async query(account: GatewayAccount, paymentNo: string) {
    const base = epayBase(need(account, 'baseUrl'));
    const q = new URLSearchParams({
      act: 'order',
      pid: need(account, 'pid'),
      key: need(account, 'key'),
      out_trade_no: paymentNo,
    });
    const res = await httpText(`${base}/api.php?${q.toString()}`);
    let data: Record<string, unknown>;
    try {
      data = JSON.parse(res.text) as Record<string, unknown>;
    } catch {
      throw new GatewayError(`易支付查询返回无法解析（HTTP ${res.status}）`);
    }
    if (Number(data.code) !== 1) return null;
    if (String(data.out_trade_no ?? paymentNo) !== paymentNo) throw new GatewayError('易支付查询返回的订单号不一致');
    return {
      paid: Number(data.status) === 1,
      amountFen: gatewayYuanToFen(data.money),
      tradeNo: String(data.trade_no ?? ''),
    };
  },

  /**
   * `api.php?act=refund` (POST pid, key, trade_no or out_trade_no, money). The protocol has no
   * refund number, so an answer that never arrives leaves the outcome unknown: staff are told
   * to check the 易支付 back office before trying again.
   */
  async refund(account, payment, amountFen) {
    const base = epayBase(need(account, 'baseUrl'));
    const order: Record<string, string> = payment.tradeNo
      ? { trade_no: payment.tradeNo }
      : { out_trade_no: payment.paymentNo };
    const body = new URLSearchParams({
      pid: need(account, 'pid'),
      key: need(account, 'key'),
      ...order,
      money: yuanText(amountFen),
    });
    let res: Awaited<ReturnType<typeof httpText>>;
    try {
      res = await httpText(`${base}/api.php?act=refund`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
      });
    } catch {
      throw new GatewayError(
        '易支付退款请求没有得到答复，退款结果未知：请先在易支付后台核实该订单是否已退款，再决定是否重试',
      );
    }
    let data: Record<string, unknown>;
    try {
      data = JSON.parse(res.text) as Record<string, unknown>;
    } catch {
      throw new GatewayError(`易支付退款返回无法解析（HTTP ${res.status}），退款结果未知：请先在易支付后台核实`);
    }
    // 彩虹易支付 answers code 0 on success; some forks answer 1. Failures are negative.
    const code = Number(data.code);
    if (code !== 0 && code !== 1)
      throw new GatewayError(`易支付退款失败：${String(data.msg ?? data.code)}`.slice(0, 200));
    return { ref: String(data.refund_no ?? payment.tradeNo ?? payment.paymentNo) };
  },
};
