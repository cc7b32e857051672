import { createHmac } from 'node:crypto';
import { safeEqual } from '../../../core/crypto.js';
import { textAnswer, type Gateway, type GatewayAccount } from './gateway.js';

/**
 * Kapu's own simulated cashier (demos and e2e): create sends the buyer to the SPA page
 * `/pay/payInterface?sandbox=<paymentNo>&token=…`; its "pay" button calls
 * `/pay/sandbox/confirm`, which feeds a notify through the same path as real gateways.
 * The token is an HMAC of the payment under the account's own secret, so only the page the
 * payment handed out can confirm it, and only once (the payment moves once).
 */
export function sandboxToken(account: GatewayAccount, paymentNo: string, amountFen: number): string {
  return createHmac('sha256', account.config.secret ?? '')
    .update(`sandbox:${account.id}:${paymentNo}:${amountFen}`)
    .digest('base64url');
}

export const sandbox: Gateway = {
  name: 'sandbox',
  fields: [],

  async create(account, intent) {
    const token = sandboxToken(account, intent.paymentNo, intent.amountFen);
    return {
      kind: 'redirect',
      url: `/pay/payInterface?sandbox=${encodeURIComponent(intent.paymentNo)}&token=${encodeURIComponent(token)}`,
    };
  },

  verifyNotify(account, req) {
    const p = req.params;
    const amountFen = Number(p.amount);
    if (!account.config.secret || !p.token || !p.out_trade_no || !Number.isSafeInteger(amountFen))
      return { ok: false, reason: '参数不完整', paymentNo: p.out_trade_no };
    if (!safeEqual(sandboxToken(account, p.out_trade_no, amountFen), p.token))
      return { ok: false, reason: '签名错误', paymentNo: p.out_trade_no };
    return { ok: true, paymentNo: p.out_trade_no, amountFen, tradeNo: `SANDBOX-${p.out_trade_no}`, paid: true };
  },

  answer: (ok) => textAnswer(ok ? 'success' : 'fail'),

  async query() {
    return null;
  },
};
