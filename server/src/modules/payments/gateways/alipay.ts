import type { AlipaySdk } from 'alipay-sdk';
import { lazyModule } from '../../../core/lazy-module.js';
import {
  GatewayError,
  gatewayYuanToFen,
  need,
  privateKeyOf,
  publicKeyOf,
  textAnswer,
  yuanText,
  type Gateway,
  type GatewayAccount,
} from './gateway.js';

const alipaySdk = lazyModule<typeof import('alipay-sdk')>('alipay-sdk');

/**
 * Alipay official through `alipay-sdk`: 当面付 (precreate → QR), PC page pay, WAP pay;
 * notifies checked with `checkNotifySign`; TRADE_SUCCESS and TRADE_FINISHED count as paid.
 * `gateway` is configurable (Alipay's sandbox, or a test's fake gateway).
 */
export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';
const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

function sdkFor(account: GatewayAccount): AlipaySdk {
  try {
    return new (alipaySdk().AlipaySdk)({
      appId: need(account, 'appId'),
      privateKey: privateKeyOf(need(account, 'privateKey')).export({ type: 'pkcs8', format: 'pem' }).toString(),
      keyType: 'PKCS8',
      alipayPublicKey: publicKeyOf(need(account, 'alipayPublicKey')).export({ type: 'spki', format: 'pem' }).toString(),
      gateway: account.config.gateway?.trim() || ALIPAY_GATEWAY,
      timeout: 10_000,
    });
  } catch (err) {
    if (err instanceof GatewayError) throw err;
    throw new GatewayError('支付宝密钥格式不正确');
  }
}

interface AlipayResult {
  code?: string;
  msg?: string;
  subMsg?: string;
  qrCode?: string;
  tradeStatus?: string;
  totalAmount?: string;
  tradeNo?: string;
  outTradeNo?: string;
}

async function exec(account: GatewayAccount, method: string, params: Record<string, unknown>): Promise<AlipayResult> {
  let result: AlipayResult;
  try {
    result = (await sdkFor(account).exec(method, params, { validateSign: true })) as AlipayResult;
  } catch (err) {
    throw new GatewayError(`支付宝接口调用失败：${(err as Error).message}`.slice(0, 200));
  }
  return result;
}

export const alipay: Gateway = {
  name: 'alipay',
  fields: [
    { key: 'appId', label: 'APPID', required: true },
    { key: 'privateKey', label: '应用私钥', secret: true, required: true },
    { key: 'alipayPublicKey', label: '支付宝公钥', required: true },
    { key: 'mode', label: '支付产品', options: ['precreate', 'page', 'wap', 'auto'] },
    { key: 'gateway', label: '网关地址（留空为正式环境）' },
  ],

  async create(account, intent) {
    const bizContent = {
      out_trade_no: intent.paymentNo,
      total_amount: yuanText(intent.amountFen),
      subject: intent.subject || intent.paymentNo,
    };
    const mode = account.config.mode || 'precreate';
    const page = mode === 'page' || (mode === 'auto' && intent.client === 'pc');
    const wap = mode === 'wap' || (mode === 'auto' && intent.client === 'mobile');
    if (page || wap) {
      const url = sdkFor(account).pageExec(page ? 'alipay.trade.page.pay' : 'alipay.trade.wap.pay', 'GET', {
        bizContent: { ...bizContent, product_code: page ? 'FAST_INSTANT_TRADE_PAY' : 'QUICK_WAP_WAY' },
        notify_url: intent.notifyUrl,
        return_url: intent.returnUrl,
      });
      return { kind: 'redirect', url };
    }
    const result = await exec(account, 'alipay.trade.precreate', { notify_url: intent.notifyUrl, bizContent });
    if (result.code !== '10000' || !result.qrCode)
      throw new GatewayError(`支付宝下单失败：${result.subMsg ?? result.msg ?? result.code ?? ''}`.slice(0, 200));
    return { kind: 'qrcode', code: result.qrCode };
  },

  verifyNotify(account, req) {
    const p = req.params;
    let valid = false;
    try {
      valid = Boolean(p.sign) && sdkFor(account).checkNotifySign(p, true);
    } catch {
      valid = false;
    }
    if (!valid) return { ok: false, reason: '签名错误', paymentNo: p.out_trade_no };
    if (p.app_id !== account.config.appId) return { ok: false, reason: 'APPID 不匹配', paymentNo: p.out_trade_no };
    const amountFen = gatewayYuanToFen(p.total_amount);
    if (amountFen === undefined || !p.out_trade_no)
      return { ok: false, reason: '参数不完整', paymentNo: p.out_trade_no };
    return {
      ok: true,
      paymentNo: p.out_trade_no,
      amountFen,
      tradeNo: p.trade_no ?? '',
      paid: PAID.has(p.trade_status ?? ''),
    };
  },

  answer: (ok) => textAnswer(ok ? 'success' : 'fail'),

  async query(account, paymentNo) {
    const r = await exec(account, 'alipay.trade.query', { bizContent: { out_trade_no: paymentNo } });
    if (r.code !== '10000') return null;
    if (r.outTradeNo && r.outTradeNo !== paymentNo) throw new GatewayError('支付宝查询返回的订单号不一致');
    return {
      paid: PAID.has(r.tradeStatus ?? ''),
      amountFen: gatewayYuanToFen(r.totalAmount),
      tradeNo: r.tradeNo ?? '',
    };
  },

  async refund(account, payment, amountFen, refundNo) {
    const r = await exec(account, 'alipay.trade.refund', {
      bizContent: { out_trade_no: payment.paymentNo, refund_amount: yuanText(amountFen), out_request_no: refundNo },
    });
    if (r.code !== '10000')
      throw new GatewayError(`支付宝退款失败：${r.subMsg ?? r.msg ?? r.code ?? ''}`.slice(0, 200));
    return { ref: r.tradeNo ?? refundNo };
  },
};
