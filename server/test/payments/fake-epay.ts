import { createVerify, randomInt } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { canonical, json, md5, rsaSign, startFake, type FakeServer, type Keys } from './fake-gateways.js';

/**
 * A fake 彩虹易支付 that behaves like the real server on the points Kapu got wrong before
 * (issue 17), on loopback:
 * - submit.php / api/pay/submit (browser form, V1 MD5 and V2 RSA) answer the cashier page;
 *   an empty `type` shows the type picker (收银台), never an error;
 * - mapi.php / api/pay/create refuse an empty `type` (支付方式(type)不能为空) and answer the
 *   channel's hand-off: payurl, qrcode or `html` (a bank form that posts itself);
 * - orders are stored per pid + out_trade_no with `name` HTML-escaped, emoji replaced and cut to
 *   64 characters, and a second post whose money, name, notify_url or return_url differ from the
 *   stored copy is refused (支付参数有变化);
 * - V2 refuses a `timestamp` more than 300 s from its clock (时间戳字段不正确);
 * - api.php?act=order (query) and api.php?act=refund (POST pid, key, trade_no|out_trade_no,
 *   money; code 0 on success), and V2 api/pay/query|refund, signed with the platform key.
 */
export interface FakeEpayOrder {
  pid: string;
  outTradeNo: string;
  tradeNo: string;
  name: string;
  money: string;
  notifyUrl: string;
  returnUrl: string;
  type: string;
  paid: boolean;
  refunded: number;
}

export interface FakeEpay extends FakeServer {
  orders: Map<string, FakeEpayOrder>;
  refunds: { outTradeNo: string; money: string }[];
  /** What mapi.php / api/pay/create answer for a type: a pay URL, a QR code or a bank form. */
  channel: 'payurl' | 'qrcode' | 'html';
  /** Refunds refused with this message when set (商户未开启订单退款API接口). */
  refundRefusal: string | null;
  markPaid(outTradeNo: string): void;
}

export interface FakeEpayMerchant {
  pid: string;
  /** V1 MD5 key. */
  key?: string;
  /** V2: the merchant's public key (verifies requests) and the platform's keys (signs answers). */
  merchantPublicPem?: string;
  platform?: Keys;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;');

/** The stored copy of `name`: escaped, 4-byte characters (emoji) replaced, 64 characters. */
export function storedName(name: string): string {
  return [...escapeHtml(name).replace(/[\u{10000}-\u{10FFFF}]/gu, '?')].slice(0, 64).join('');
}

/** What the server compares a re-posted name with: the posted name cut to 127 bytes. */
function postedName(name: string): string {
  let out = '';
  for (const ch of name) {
    if (Buffer.byteLength(out + ch) > 127) break;
    out += ch;
  }
  return out;
}

function htmlPage(res: ServerResponse, status: number, title: string, body: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`,
  );
}

export async function startFakeEpay(merchants: FakeEpayMerchant[]): Promise<FakeEpay> {
  const byPid = new Map(merchants.map((m) => [m.pid, m]));
  const orders = new Map<string, FakeEpayOrder>();
  const refunds: FakeEpay['refunds'] = [];
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  /** Create or re-use an order; answers an error message when the server would refuse. */
  function takeOrder(p: Record<string, string>): { order?: FakeEpayOrder; error?: string } {
    const key = `${p.pid}|${p.out_trade_no}`;
    const old = orders.get(key);
    const name = postedName(p.name ?? '');
    if (old) {
      if (old.paid) return { error: `该订单(${p.out_trade_no})已完成支付，请勿重复发起支付` };
      if (
        Number(old.money).toFixed(2) !== Number(p.money).toFixed(2) ||
        old.name !== name ||
        old.notifyUrl !== p.notify_url ||
        old.returnUrl !== p.return_url
      ) {
        return { error: `该订单(${p.out_trade_no})支付参数有变化，请更换订单号重新发起支付` };
      }
      if (p.type) old.type = p.type;
      return { order: old };
    }
    const order: FakeEpayOrder = {
      pid: p.pid,
      outTradeNo: p.out_trade_no,
      tradeNo: `2026${Date.now()}${randomInt(10000, 99999)}`,
      name: storedName(name),
      money: p.money,
      notifyUrl: p.notify_url,
      returnUrl: p.return_url,
      type: p.type ?? '',
      paid: false,
      refunded: 0,
    };
    orders.set(key, order);
    return { order };
  }

  function verifyV1(p: Record<string, string>): string | null {
    const m = byPid.get(p.pid ?? '');
    if (!m?.key) return '商户不存在';
    return md5(canonical(p) + m.key) === p.sign ? null : '签名校验失败';
  }
  function verifyV2(p: Record<string, string>): string | null {
    const m = byPid.get(p.pid ?? '');
    if (!m?.merchantPublicPem) return '商户不存在';
    if (
      !createVerify('RSA-SHA256')
        .update(canonical(p))
        .verify(m.merchantPublicPem, p.sign ?? '', 'base64')
    )
      return '签名校验失败';
    if (!/^\d{10}$/.test(p.timestamp ?? '') || Math.abs(nowSeconds() - Number(p.timestamp)) > 300)
      return '时间戳字段不正确';
    return null;
  }
  const v2Answer = (res: ServerResponse, pid: string, fields: Record<string, string>) => {
    const platform = byPid.get(pid)!.platform!;
    const p = { ...fields, timestamp: String(nowSeconds()) };
    json(res, { ...p, sign: rsaSign(canonical(p), platform.privatePem), sign_type: 'RSA' });
  };

  /** The page a browser lands on: the cashier for an order, or the type picker when type is empty. */
  function cashier(res: ServerResponse, order: FakeEpayOrder) {
    if (!order.type)
      return htmlPage(
        res,
        200,
        '易支付收银台',
        `<p>请选择支付方式</p><p data-order="${order.outTradeNo}">订单 ${order.outTradeNo}</p>`,
      );
    return htmlPage(
      res,
      200,
      '易支付收银台',
      `<p data-order="${order.outTradeNo}">订单 ${order.outTradeNo}</p><p>商品 ${order.name}</p><p>金额 ￥${order.money}</p><p>支付方式 ${order.type}</p>`,
    );
  }

  function channelAnswer(order: FakeEpayOrder, fake: FakeEpay): Record<string, string> {
    if (fake.channel === 'qrcode') return { qrcode: `weixin://wxpay/bizpayurl?pr=${order.tradeNo}` };
    if (fake.channel === 'payurl') return { payurl: `${fake.url}/pay/${order.tradeNo}` };
    return {
      html: `<form id="bankpay" action="${fake.url}/bank/pay" method="post"><input type="hidden" name="trade_no" value="${order.tradeNo}"><input type="hidden" name="submit" value="1"></form><script>document.getElementById('bankpay').submit();</script>`,
    };
  }

  const fake = (await startFake((req, res) => {
    const form = Object.fromEntries(new URLSearchParams(req.body));
    const p = req.method === 'GET' ? Object.fromEntries(req.query) : { ...Object.fromEntries(req.query), ...form };
    switch (req.path) {
      case '/submit.php':
      case '/api/pay/submit': {
        const bad = req.path === '/submit.php' ? verifyV1(p) : verifyV2(p);
        if (bad) return htmlPage(res, 200, '站点提示信息', `<p>${bad}</p>`);
        const { order, error } = takeOrder(p);
        if (!order) return htmlPage(res, 200, '站点提示信息', `<p>${error}</p>`);
        return cashier(res, order);
      }
      case '/mapi.php':
      case '/api/pay/create': {
        const v2 = req.path === '/api/pay/create';
        const bad = v2 ? verifyV2(p) : verifyV1(p);
        if (bad) return json(res, { code: -1, msg: bad });
        if (!p.type) return json(res, { code: -1, msg: '支付方式(type)不能为空' });
        const { order, error } = takeOrder(p);
        if (!order) return json(res, { code: -1, msg: error });
        const answer = channelAnswer(order, fake);
        if (!v2) return json(res, { code: 1, msg: 'succ', trade_no: order.tradeNo, ...answer });
        const [payType, payInfo] = Object.entries(answer)[0];
        return v2Answer(res, p.pid, {
          code: '0',
          trade_no: order.tradeNo,
          pay_type: payType === 'payurl' ? 'jump' : payType,
          pay_info: payInfo,
        });
      }
      case '/api.php': {
        const act = req.query.get('act');
        const m = byPid.get(p.pid ?? '');
        if (!m || m.key !== p.key) return json(res, { code: -3, msg: '商户密钥错误' });
        const order = [...orders.values()].find(
          (o) => o.pid === p.pid && (o.outTradeNo === p.out_trade_no || o.tradeNo === p.trade_no),
        );
        if (act === 'order') {
          if (!order) return json(res, { code: -1, msg: '订单号不存在' });
          return json(res, {
            code: 1,
            msg: '查询订单号成功！',
            trade_no: order.tradeNo,
            out_trade_no: order.outTradeNo,
            type: order.type,
            pid: order.pid,
            name: order.name,
            money: order.money,
            status: order.paid ? 1 : 0,
          });
        }
        if (act === 'refund') {
          if (req.method !== 'POST') return json(res, { code: -5, msg: 'No Act!' });
          if (fake.refundRefusal) return json(res, { code: -2, msg: fake.refundRefusal });
          if (!order) return json(res, { code: -1, msg: '当前订单不存在！' });
          const money = Math.round(Number(p.money) * 100);
          if (!/^[0-9.]+$/.test(p.money ?? '') || money <= 0) return json(res, { code: -1, msg: '金额输入错误' });
          if (!order.paid || order.refunded + money > Math.round(Number(order.money) * 100))
            return json(res, { code: -1, msg: '退款金额超过订单可退金额' });
          order.refunded += money;
          refunds.push({ outTradeNo: order.outTradeNo, money: p.money });
          return json(res, { code: 0, msg: `退款成功！退款金额￥${p.money}`, money: p.money });
        }
        return json(res, { code: -5, msg: 'No Act!' });
      }
      case '/api/pay/query':
      case '/api/pay/refund': {
        const bad = verifyV2(p);
        if (bad) return json(res, { code: -1, msg: bad });
        const order = [...orders.values()].find((o) => o.pid === p.pid && o.outTradeNo === p.out_trade_no);
        if (!order) return json(res, { code: -1, msg: '订单不存在' });
        if (req.path === '/api/pay/query')
          return v2Answer(res, p.pid, {
            code: '0',
            out_trade_no: order.outTradeNo,
            trade_no: order.tradeNo,
            money: order.money,
            status: order.paid ? '1' : '0',
          });
        const money = Math.round(Number(p.money) * 100);
        if (!order.paid || order.refunded + money > Math.round(Number(order.money) * 100))
          return json(res, { code: -1, msg: '退款金额超过订单可退金额' });
        order.refunded += money;
        refunds.push({ outTradeNo: order.outTradeNo, money: p.money });
        return v2Answer(res, p.pid, { code: '0', refund_no: `R${order.tradeNo}`, money: p.money });
      }
      case '/bank/pay':
        return htmlPage(
          res,
          200,
          '模拟银行支付页',
          `<p data-trade="${escapeHtml(form.trade_no ?? '')}">银行订单 ${escapeHtml(form.trade_no ?? '')}</p>`,
        );
      default:
        if (req.path.startsWith('/pay/')) return htmlPage(res, 200, '易支付收银台', `<p>${escapeHtml(req.path)}</p>`);
        res.writeHead(404).end();
    }
  })) as FakeEpay;
  fake.orders = orders;
  fake.refunds = refunds;
  fake.channel = 'html';
  fake.refundRefusal = null;
  fake.markPaid = (outTradeNo) => {
    for (const o of orders.values()) if (o.outTradeNo === outTradeNo) o.paid = true;
  };
  return fake;
}

/** The form fields of a hand-off page (/pay/go) as the browser would post them. */
export function formFieldsOf(html: string): { action: string; method: string; fields: Record<string, string> } {
  const formTag = /<form\b[^>]*>/i.exec(html)?.[0] ?? '';
  const attr = (name: string) => new RegExp(`${name}="([^"]*)"`, 'i').exec(formTag)?.[1] ?? '';
  const unescape = (s: string) =>
    s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&');
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    fields[unescape(m[1])] = unescape(m[2]);
  return { action: unescape(attr('action')), method: attr('method') || 'get', fields };
}
