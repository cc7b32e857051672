import { createHash, randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { call, startServer, type RunningServer } from '../../e2e/support/server.js';
import { table, withFreshPostgres, type LoadResult } from '../support.js';
import { ShopSetup } from './commerce-setup.js';

const KEY = 'benchEpayKey2026';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** 易支付 V1 signature as a real gateway computes it (PAYMENTS.md), written independently here. */
function epaySign(params: Record<string, string>): string {
  const text = Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHash('md5')
    .update(text + KEY)
    .digest('hex');
}

function notifyQuery(paymentNo: string, fen: number): string {
  const p: Record<string, string> = {
    pid: '1001',
    trade_no: `T${paymentNo}`,
    out_trade_no: paymentNo,
    type: 'alipay',
    name: '余额充值',
    money: (fen / 100).toFixed(2),
    trade_status: 'TRADE_SUCCESS',
  };
  return new URLSearchParams({ ...p, sign: epaySign(p), sign_type: 'MD5' }).toString();
}

async function prepare(server: RunningServer) {
  const setup = new ShopSetup(server);
  await setup.openRegistration();
  const account = await setup.admin('/payments/saveAccount', {
    gateway: 'epay_v1',
    name: '易支付压测',
    client: 'all',
    feeRate: '0',
    enabled: '1',
    config: JSON.stringify({ baseUrl: 'http://127.0.0.1:9/', pid: '1001', key: KEY, type: 'alipay' }),
  });
  const accountId = Number(account.id);
  const tokens = await Promise.all(
    Array.from({ length: 300 }, (_, i) => setup.member(`payer${i}${randomBytes(2).toString('hex')}`, '0')),
  );
  return { accountId, tokens };
}

/** Notify handling: N fresh recharge payments, then each one's valid notify once. */
async function notifyThroughput(
  server: RunningServer,
  accountId: number,
  tokens: string[],
  count: number,
): Promise<LoadResult & { applied: number; perSecond: number }> {
  const payments: Array<{ no: string; fen: number }> = [];
  for (let i = 0; i < count; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, (_, j) =>
        call(
          server,
          '/pay/create',
          { accountId: String(accountId), amount: '10.00' },
          tokens[(i + j) % tokens.length],
          { 'x-forwarded-for': `10.50.${((i + j) >> 8) & 255}.${(i + j) & 255}` },
        ),
      ),
    );
    for (const b of batch) {
      if (b.code !== 1000) throw new Error(`pay/create answered ${b.code} ${b.msg}`);
      payments.push({ no: String(b.data?.paymentNo), fen: Number(b.data?.amount) });
    }
  }
  let n = 0;
  let applied = 0;
  const started = Date.now();
  const r = await autocannon({
    url: server.baseUrl,
    connections: 50,
    amount: payments.length,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          const i = n++;
          const p = payments[i % payments.length];
          // The notify endpoint allows 600 a minute per address (payments.routes.ts): a real
          // gateway calls from many, so the load does too.
          return {
            ...req,
            path: `/pay/notify/epay_v1/${accountId}?${notifyQuery(p.no, p.fen)}`,
            headers: { 'x-forwarded-for': `10.70.${(i >> 8) & 255}.${i & 255}` },
          };
        },
        onResponse: (_s, body) => {
          if (body === 'success') applied++;
        },
      },
    ],
  });
  const seconds = (Date.now() - started) / 1000;
  return {
    name: `GET /pay/notify/epay_v1 (${payments.length} distinct payments, each once)`,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    applied,
    perSecond: Math.round(applied / seconds),
  };
}

/** Recharge end to end: create the payment, then the gateway's notify credits the balance. */
async function rechargeLoad(
  server: RunningServer,
  accountId: number,
  tokens: string[],
): Promise<LoadResult & { perSecond: number }> {
  let next = 0;
  let done = 0;
  const r = await autocannon({
    url: server.baseUrl,
    connections: 50,
    duration: 10,
    requests: [
      {
        method: 'POST',
        path: '/pay/create',
        setupRequest: (req) => {
          const i = next++;
          return {
            ...req,
            headers: {
              ...FORM,
              authorization: tokens[i % tokens.length],
              'x-forwarded-for': `10.60.${(i >> 8) & 255}.${i & 255}`,
            },
            body: `accountId=${accountId}&amount=10.00`,
          };
        },
        onResponse: (_s, body, ctx) => {
          const d = (JSON.parse(body) as { data?: { paymentNo?: string; amount?: number } }).data;
          ctx.no = d?.paymentNo ?? '';
          ctx.fen = d?.amount ?? 0;
        },
      },
      {
        method: 'GET',
        setupRequest: (req, ctx) => ({
          ...req,
          path: `/pay/notify/epay_v1/${accountId}?${notifyQuery(String(ctx.no), Number(ctx.fen))}`,
          headers: { 'x-forwarded-for': `10.80.${(next >> 8) & 255}.${next & 255}` },
        }),
        onResponse: (_s, body) => {
          if (body === 'success') done++;
        },
      },
    ],
  });
  return {
    name: 'recharge: /pay/create + signed notify (2 requests/recharge)',
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    perSecond: Math.round(done / (r.duration || 10)),
  };
}

async function runOn(label: string, env: Record<string, string>): Promise<string> {
  const server = await startServer({ TRUST_PROXY: 'true', ...env });
  try {
    const { accountId, tokens } = await prepare(server);
    const notify = await notifyThroughput(server, accountId, tokens, 6000);
    const recharge = await rechargeLoad(server, accountId, tokens);
    return [
      `### Payments on ${label}`,
      table([notify, recharge]),
      '',
      `- Valid notifies applied: **${notify.perSecond}/s** (${notify.applied} of ${notify.applied} answered \`success\`).`,
      `- Recharge end to end: **${recharge.perSecond} recharges/s** credited.`,
    ].join('\n');
  } finally {
    await server.stop();
  }
}

export const runPaymentsSqlite = () => runOn('SQLite', {});

export const runPaymentsPostgres = () =>
  withFreshPostgres((url) => runOn('PostgreSQL (one process)', { DATABASE_URL: url }));
