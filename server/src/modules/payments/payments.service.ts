import { createHmac, randomInt } from 'node:crypto';
import {
  GatewayLabels,
  type GatewayName,
  type PayChannel,
  type PayCreated,
  type PayCreateInput,
  type PayHandoff,
  type PaymentAccountView,
  type PaymentState,
  type PaymentStatus,
  type RechargeConfig,
} from '@kapu/contract';
import type { Selectable } from 'kysely';
import { hasActor, type ActorContext, type RequestContext } from '../../core/context.js';
import { randomToken, safeEqual } from '../../core/crypto.js';
import type { Db } from '../../core/db/connect.js';
import { withFields } from '../../core/objects.js';
import type { PaymentAccountsTable, PaymentsTable } from '../../core/db/schema.js';
import { businessError } from '../../core/errors.js';
import { enqueueJob } from '../../core/jobs.js';
import { publishEvent } from '../../core/events.js';
import type { Deps } from '../../deps.js';
import type { PaymentFlows } from './payment-flows.js';
import { callerOf, requireSalePassword } from '../accounts/index.js';
import { balanceOf, creditBalance, debitBalance } from '../funds/index.js';
import { openVisitorOrder, ordersRepo } from '../orders/index.js';
import { ownerCostOf } from '../profits/index.js';
import { PLATFORM_SITE_ID, sitePathPrefix, sitePayeeOf } from '../sites/index.js';
import { configEndpointProblem } from './endpoint-guard.js';
import { isPlatformAccount, payeeSiteOf } from './payment-accounts.js';
import { secretBoxFor } from '../verification/index.js';
import {
  gatewayOf,
  GatewayError,
  type GatewayAccount,
  type NotifyAnswer,
  type NotifyRequest,
} from './gateways/index.js';
import { PAYABLE, paymentMachine, rechargeMachine } from './payment-machine.js';
import { moveStatus } from '../../core/fsm.js';
import { storedNotifyParams } from './notify-log.js';

export type PaymentRow = Selectable<PaymentsTable>;
export type AccountRow = Selectable<PaymentAccountsTable>;

export const QUERY_JOB = 'payments.query';
export const RECHARGE_SETTING = 'payments.recharge';
export const PUBLIC_URL_SETTING = 'payments.public_url';
/** Minutes a recharge payment stays open. */
const RECHARGE_MINUTES = 30;
/** The active query keeps asking this long after a payment's deadline, then closes it. */
const QUERY_GRACE_MS = 10 * 60_000;

/** fen; answered as it is by /pay/recharge/config. */
export type RechargeSettings = RechargeConfig;
const DEFAULT_RECHARGE: RechargeSettings = { min: 100, max: 5_000_000, tiers: [] };

/** Payment numbers: UTC time to the ms (17 digits) + 15 random digits (~50 bits) = 32 chars. */
export function newPaymentNo(now = Date.now()): string {
  const d = new Date(now);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  const time = `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}${p(d.getUTCMilliseconds(), 3)}`;
  return time + p(randomInt(0, 100_000), 5) + p(randomInt(0, 100_000), 5) + p(randomInt(0, 100_000), 5);
}

/** Bonus for a recharge amount: the highest tier reached. */
export function bonusFor(settings: RechargeSettings, amount: number): number {
  return settings.tiers.filter((t) => amount >= t.min).reduce((best, t) => Math.max(best, t.bonus), 0);
}

/** Fee the payer adds for a channel: rate in 1/10000, rounded up to the fen. */
export function feeFor(amount: number, rate: number): number {
  return rate > 0 ? Math.ceil((amount * rate) / 10_000) : 0;
}

const SECRET_PARAM = /key|secret|token|pass|pwd/i;
/** Raw notify parameters for the log, secrets masked (rule 3). */
function maskParams(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, SECRET_PARAM.test(k) && v ? '***' : v]));
}

export type NotifyVerdictName =
  | 'applied'
  | 'duplicate'
  | 'not_paid'
  | 'invalid_sign'
  | 'unknown_account'
  | 'unknown_payment'
  | 'account_mismatch'
  | 'amount_mismatch'
  | 'error';

export function paymentsService(deps: Deps, flows: PaymentFlows) {
  const { db, settings, config, log } = deps;
  const box = secretBoxFor(config.dataDir);

  // ---- accounts ----
  function secretKeys(gateway: string): string[] {
    if (gateway === 'sandbox') return ['secret'];
    return (gatewayOf(gateway)?.fields ?? []).filter((f) => f.secret).map((f) => f.key);
  }
  function parseConfig(row: AccountRow): Record<string, string> {
    try {
      const raw = JSON.parse(row.config) as Record<string, string>;
      return raw && typeof raw === 'object' ? raw : {};
    } catch {
      return {};
    }
  }
  /** The account as its gateway sees it: secrets opened. */
  function openAccount(row: AccountRow): GatewayAccount {
    const stored = parseConfig(row);
    const secrets = new Set(secretKeys(row.gateway));
    const cfg: Record<string, string> = {};
    for (const [k, v] of Object.entries(stored)) {
      if (secrets.has(k) && v) {
        try {
          cfg[k] = box.open(v);
        } catch {
          cfg[k] = '';
        }
      } else cfg[k] = String(v ?? '');
    }
    return { id: row.id, gateway: row.gateway, config: cfg };
  }
  /**
   * The account for a server-side call to its gateway: a site owner's account is checked to name
   * only public hosts each time (decision 0010), since a host name can be pointed elsewhere later.
   */
  async function callableAccount(row: AccountRow): Promise<GatewayAccount> {
    const account = openAccount(row);
    if (!isPlatformAccount(row) && config.ownerGatewayHosts !== 'any') {
      const problem = await configEndpointProblem(row.gateway, account.config);
      if (problem) throw new GatewayError(problem);
    }
    return account;
  }
  /** Merges an admin's edit into the stored config: secrets sealed; an empty secret keeps the old one. */
  function sealConfig(
    gateway: string,
    input: Record<string, string>,
    previous: Record<string, string>,
  ): Record<string, string> {
    const secrets = new Set(secretKeys(gateway));
    const known = new Set((gatewayOf(gateway)?.fields ?? []).map((f) => f.key));
    const out: Record<string, string> = {};
    for (const key of known) {
      const value = (input[key] ?? '').trim();
      if (secrets.has(key)) {
        if (value && value !== '已设置') out[key] = box.seal(value);
        else if (previous[key]) out[key] = previous[key];
      } else out[key] = value;
    }
    if (gateway === 'sandbox') out.secret = previous.secret || box.seal(randomToken());
    return out;
  }
  /** What staff see: secrets only as 已设置/未设置. */
  function accountView(row: AccountRow): PaymentAccountView {
    const stored = parseConfig(row);
    const secrets = new Set(secretKeys(row.gateway));
    const cfg: Record<string, string> = {};
    for (const f of gatewayOf(row.gateway)?.fields ?? [])
      cfg[f.key] = secrets.has(f.key) ? (stored[f.key] ? '已设置' : '未设置') : (stored[f.key] ?? '');
    return {
      id: row.id,
      gateway: row.gateway,
      gatewayText: GatewayLabels[row.gateway as GatewayName] ?? row.gateway,
      name: row.name,
      displayName: row.display_name,
      icon: row.icon,
      client: row.client,
      feeRate: row.fee_rate,
      sort: row.sort,
      enabled: row.enabled === 1 ? 1 : 0,
      config: cfg,
      fields: gatewayOf(row.gateway)?.fields ?? [],
    };
  }
  async function accountRow(id: number, trx: Db = db): Promise<AccountRow> {
    const row = await trx.selectFrom('payment_accounts').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw businessError('PAY_ACCOUNT_NOT_FOUND');
    return row;
  }

  /** First start: the balance channel on, and the sandbox cashier for the demo. */
  async function seedAccounts(enableSandbox: boolean): Promise<void> {
    const any = await db.selectFrom('payment_accounts').select('id').limit(1).executeTakeFirst();
    if (any) return;
    const now = Date.now();
    await db
      .insertInto('payment_accounts')
      .values([
        {
          gateway: 'balance',
          name: '余额支付',
          display_name: '余额支付',
          icon: '',
          client: 'all',
          fee_rate: 0,
          sort: 0,
          enabled: 1,
          config: '{}',
          created_at: now,
          updated_at: now,
        },
        {
          gateway: 'sandbox',
          name: '模拟支付',
          display_name: '模拟支付',
          icon: '',
          client: 'all',
          fee_rate: 0,
          sort: 99,
          enabled: enableSandbox ? 1 : 0,
          config: JSON.stringify({ secret: box.seal(randomToken()) }),
          created_at: now,
          updated_at: now,
        },
      ])
      .execute();
  }

  // ---- settings ----
  function rechargeSettings(): RechargeSettings {
    try {
      const raw = settings.get(RECHARGE_SETTING);
      return raw ? { ...DEFAULT_RECHARGE, ...(JSON.parse(raw) as RechargeSettings) } : DEFAULT_RECHARGE;
    } catch {
      return DEFAULT_RECHARGE;
    }
  }

  // ---- tokens ----
  /** The visitor's proof for an order after one query-password check (kept by the client). */
  function orderPayToken(orderNo: string): string {
    return createHmac('sha256', box.hashKey).update(`pay-order:${orderNo}`).digest('base64url');
  }

  /** Proof that a hand-off link came from this shop's /pay/create (the payment number alone is not enough). */
  function handoffToken(paymentNo: string): string {
    return createHmac('sha256', box.hashKey).update(`pay-handoff:${paymentNo}`).digest('base64url');
  }

  // ---- payments ----
  async function byNo(paymentNo: string, trx: Db = db): Promise<PaymentRow | undefined> {
    return trx.selectFrom('payments').selectAll().where('payment_no', '=', paymentNo).executeTakeFirst() as Promise<
      PaymentRow | undefined
    >;
  }

  /**
   * Fulfils a payment that this caller just moved to paid, in the same transaction:
   * orders through checkout's applyPayment (flows.applyPayment); recharges credit the balance and the bonus.
   * Money that cannot go to its order (already paid otherwise, cancelled) goes back to the
   * member's balance, or is flagged for a manual refund for visitors — never kept silently.
   */
  async function fulfil(trx: Db, payment: PaymentRow, now: number): Promise<void> {
    if (payment.purpose === 'order' && payment.order_id !== null) {
      // Paid into a site owner's own account: the order records whose money it is (decision 0010).
      const payeeSiteId =
        payment.account_id !== null && payment.gateway !== 'balance'
          ? payeeSiteOf(await accountRow(payment.account_id, trx))
          : null;
      const outcome = await flows.applyPayment(trx, payment.order_id, {
        method: payment.gateway,
        amount: payment.amount - payment.fee,
        ref: payment.payment_no,
        payeeSiteId,
      });
      if (outcome.applied) return;
      const reason = `订单已${outcome.status === 'cancelled' ? '取消' : '支付或关闭'}，本次支付退回`;
      if (payment.user_id !== null && payeeSiteId === null) {
        await creditBalance(trx, {
          userId: payment.user_id,
          amount: payment.amount,
          type: 'order_refund',
          refType: 'payment',
          refId: payment.payment_no,
          memo: reason,
        });
        await trx
          .insertInto('refunds')
          .values({
            payment_id: payment.id,
            amount: payment.amount,
            via: 'balance',
            status: 'done',
            reason,
            gateway_ref: null,
            operator: 'system',
            created_at: now,
          })
          .execute();
        await movePayment(trx, payment.id, 'paid', 'refunded', { refunded_amount: payment.amount });
      } else {
        // Visitors, and money in a site owner's account (the platform never had it): paid back by hand.
        await trx
          .insertInto('refunds')
          .values({
            payment_id: payment.id,
            amount: payment.amount,
            via: 'manual',
            status: 'pending',
            reason: payeeSiteId === null ? reason : `${reason}（款项在站长收款账户，由站长退回）`,
            gateway_ref: null,
            operator: 'system',
            created_at: now,
          })
          .execute();
      }
      return;
    }
    if (payment.purpose === 'recharge' && payment.recharge_id !== null) {
      const recharge = await trx
        .selectFrom('recharges')
        .selectAll()
        .where('id', '=', payment.recharge_id)
        .executeTakeFirstOrThrow();
      if (!(await moveStatus(trx, rechargeMachine, recharge.id, ['unpaid', 'closed'], 'paid', { paid_at: now })))
        return;
      await creditBalance(trx, {
        userId: recharge.user_id,
        amount: recharge.amount,
        type: 'recharge',
        refType: 'recharge',
        refId: payment.payment_no,
        memo: `在线充值（${GatewayLabels[payment.gateway as GatewayName] ?? payment.gateway}）`,
      });
      if (recharge.bonus > 0)
        await creditBalance(trx, {
          userId: recharge.user_id,
          amount: recharge.bonus,
          type: 'recharge_bonus',
          refType: 'recharge',
          refId: payment.payment_no,
          memo: '充值赠送',
        });
      // A site opening waiting for this money (sites) reacts to it.
      await publishEvent(
        trx,
        'recharge.paid',
        {
          rechargeId: recharge.id,
          userId: recharge.user_id,
          siteId: recharge.site_id,
          amount: recharge.amount,
          bonus: recharge.bonus,
        },
        now,
      );
    }
  }

  /** The only writer of payments.status: machine-checked, conditional on the current status. */
  async function movePayment(
    trx: Db,
    id: number,
    from: PaymentStatus | PaymentStatus[],
    to: PaymentStatus,
    set: Partial<Omit<PaymentRow, 'id' | 'status'>> = {},
  ): Promise<boolean> {
    return moveStatus(trx, paymentMachine, id, from, to, withFields(set, { updated_at: Date.now() }));
  }

  /**
   * Marks a payment paid and fulfils it, atomically (rule 2): one conditional update; only
   * the caller that changed the row fulfils. Answers false for replays and lost races.
   */
  async function settle(paymentNo: string, tradeNo: string, paidBy: string): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const payment = await byNo(paymentNo, trx);
      if (!payment) return false;
      const now = Date.now();
      const moved = await movePayment(trx, payment.id, PAYABLE, 'paid', {
        trade_no: tradeNo.slice(0, 80) || null,
        paid_at: now,
        paid_by: paidBy.slice(0, 40),
      });
      if (!moved) return false;
      await fulfil(trx, { ...payment, status: 'paid' }, now);
      return true;
    });
  }

  async function logNotify(entry: {
    gateway: string;
    accountId: number | null;
    paymentNo?: string;
    method: string;
    params: Record<string, string>;
    rawBody?: string;
    verdict: NotifyVerdictName;
    error?: string;
    ip: string;
  }): Promise<void> {
    await db
      .insertInto('notify_logs')
      .values({
        gateway: entry.gateway.slice(0, 20),
        account_id: entry.accountId,
        payment_no: entry.paymentNo?.slice(0, 64) ?? null,
        method: entry.method.slice(0, 8),
        params: storedNotifyParams(maskParams(entry.params), entry.rawBody),
        verdict: entry.verdict,
        error: (entry.error ?? '').slice(0, 200),
        ip: entry.ip.slice(0, 64),
        created_at: Date.now(),
      })
      .execute();
  }

  /**
   * One notify, from any gateway (rule 1): account known and of this gateway, signature valid,
   * payment known and of this account, amount equal in fen, status paid — then settle.
   * Every notify is logged raw with secrets masked (rule 3).
   */
  async function handleNotify(
    gatewayName: string,
    accountId: number,
    req: NotifyRequest,
    ip: string,
  ): Promise<{ answer: NotifyAnswer; verdict: NotifyVerdictName }> {
    const gateway = gatewayOf(gatewayName);
    const base = {
      gateway: gatewayName,
      accountId: Number.isSafeInteger(accountId) ? accountId : null,
      method: req.method,
      params: req.params,
      rawBody: req.rawBody,
      ip,
    };
    const row = Number.isSafeInteger(accountId)
      ? await db.selectFrom('payment_accounts').selectAll().where('id', '=', accountId).executeTakeFirst()
      : undefined;
    if (!gateway || !row || row.gateway !== gatewayName) {
      await logNotify({
        ...base,
        accountId: null,
        verdict: 'unknown_account',
        error: `account ${accountId} of ${gatewayName}`,
      });
      return { answer: (gateway ?? gatewayOf('epay_v1')!).answer(false), verdict: 'unknown_account' };
    }
    const done = async (verdict: NotifyVerdictName, ok: boolean, paymentNo?: string, error?: string) => {
      await logNotify({ ...base, paymentNo, verdict, error });
      return { answer: gateway.answer(ok), verdict };
    };
    const verdict = await gateway.verifyNotify(openAccount(row), req);
    if (!verdict.ok) return done('invalid_sign', false, verdict.paymentNo, verdict.reason);
    const payment = await byNo(verdict.paymentNo);
    if (!payment) return done('unknown_payment', false, verdict.paymentNo);
    if (payment.account_id !== row.id || payment.gateway !== gatewayName)
      return done('account_mismatch', false, verdict.paymentNo, `payment belongs to account ${payment.account_id}`);
    if (verdict.amountFen !== payment.amount)
      return done(
        'amount_mismatch',
        false,
        verdict.paymentNo,
        `notify ${verdict.amountFen} fen, payment ${payment.amount} fen`,
      );
    if (!verdict.paid) return done('not_paid', true, verdict.paymentNo);
    try {
      const applied = await settle(payment.payment_no, verdict.tradeNo, `notify:${req.method}`);
      return done(applied ? 'applied' : 'duplicate', true, verdict.paymentNo);
    } catch (err) {
      log.error({ err, paymentNo: payment.payment_no }, 'payment fulfilment failed');
      return done('error', false, verdict.paymentNo, (err as Error).message);
    }
  }

  /** The active query (job): asks the gateway about a payment no notify settled. */
  async function queryPayment(paymentNo: string): Promise<'paid' | 'unpaid' | 'closed' | 'done'> {
    const payment = await byNo(paymentNo);
    if (!payment || payment.status !== 'unpaid' || payment.account_id === null) return 'done';
    const gateway = gatewayOf(payment.gateway);
    const row = await db
      .selectFrom('payment_accounts')
      .selectAll()
      .where('id', '=', payment.account_id)
      .executeTakeFirst();
    if (!gateway || !row) return 'done';
    const result = await gateway.query(await callableAccount(row), paymentNo);
    if (result?.paid) {
      if (result.amountFen !== payment.amount) {
        await logNotify({
          gateway: payment.gateway,
          accountId: row.id,
          paymentNo,
          method: 'QUERY',
          params: { amount: String(result.amountFen ?? ''), trade_no: result.tradeNo ?? '' },
          verdict: 'amount_mismatch',
          ip: '',
        });
        return 'unpaid';
      }
      const applied = await settle(paymentNo, result.tradeNo ?? '', 'query');
      await logNotify({
        gateway: payment.gateway,
        accountId: row.id,
        paymentNo,
        method: 'QUERY',
        params: { amount: String(result.amountFen), trade_no: result.tradeNo ?? '' },
        verdict: applied ? 'applied' : 'duplicate',
        ip: '',
      });
      return 'paid';
    }
    if (Date.now() > payment.expires_at + QUERY_GRACE_MS) {
      await movePayment(db, payment.id, 'unpaid', 'closed', { closed_at: Date.now() });
      if (payment.recharge_id !== null) await moveStatus(db, rechargeMachine, payment.recharge_id, 'unpaid', 'closed');
      return 'closed';
    }
    return 'unpaid';
  }

  function publicOrigin(requestOrigin: string): string {
    return (settings.get(PUBLIC_URL_SETTING) || requestOrigin).replace(/\/+$/, '');
  }
  function returnPage(gateway: string): string {
    return gateway === 'alipay' ? 'return_ali' : 'return_epay';
  }

  /**
   * The gateway's hand-off for a payment. Everything 易支付 compares when a form is posted again
   * (money, name, notify_url, return_url) comes from the payment itself, so asking twice sends
   * the same parameters; only V2's timestamp and signature are new.
   */
  async function askGateway(
    row: AccountRow,
    p: {
      paymentNo: string;
      siteId: number;
      amount: number;
      subject: string;
      ip: string;
      client: 'pc' | 'mobile';
      origin: string;
    },
  ): Promise<PayHandoff> {
    const gateway = gatewayOf(row.gateway);
    if (!gateway) throw businessError('PAY_CHANNEL_UNAVAILABLE');
    const origin = publicOrigin(p.origin);
    // The payer comes back to the shop they bought in: a path site's pages live under its path.
    const site = await sitePathPrefix(db, p.siteId);
    try {
      return await gateway.create(await callableAccount(row), {
        paymentNo: p.paymentNo,
        amountFen: p.amount,
        subject: p.subject,
        notifyUrl: `${origin}/pay/notify/${row.gateway}/${row.id}`,
        returnUrl: `${origin}${site}/pay/${returnPage(row.gateway)}?paymentNo=${p.paymentNo}`,
        clientIp: p.ip,
        client: p.client,
      });
    } catch (err) {
      log.warn({ err, account: row.id }, 'gateway create failed');
      throw businessError(
        'PAY_GATEWAY_FAILED',
        undefined,
        err instanceof GatewayError ? { detail: err.message } : undefined,
      );
    }
  }

  /**
   * /pay/go: the hand-off of an unpaid payment, made now. Answers what the page should show when
   * it cannot go on (wrong link, paid, closed, expired).
   */
  async function handoffNow(
    paymentNo: string,
    token: string,
    client: 'pc' | 'mobile',
    origin: string,
  ): Promise<
    { state: 'go'; handoff: PayHandoff } | { state: 'unknown' | 'paid' | 'closed' | 'expired'; payment?: PaymentRow }
  > {
    if (!/^\d{1,40}$/.test(paymentNo) || !safeEqual(handoffToken(paymentNo), token)) return { state: 'unknown' };
    const payment = await byNo(paymentNo);
    if (!payment || payment.account_id === null || payment.purpose === 'test') return { state: 'unknown' };
    if (payment.status === 'paid' || payment.status === 'refunded') return { state: 'paid', payment };
    if (payment.status === 'closed') return { state: 'closed', payment };
    if (Date.now() > payment.expires_at) return { state: 'expired', payment };
    const row = await accountRow(payment.account_id);
    const handoff = await askGateway(row, {
      paymentNo,
      siteId: payment.site_id,
      amount: payment.amount,
      subject: payment.subject,
      ip: payment.client_ip,
      client,
      origin,
    });
    return { state: 'go', handoff };
  }

  /** Inserts the payment, asks its gateway for the hand-off and schedules the active query. */
  async function startPayment(
    row: AccountRow,
    p: {
      purpose: PaymentRow['purpose'];
      siteId: number;
      orderId: number | null;
      rechargeId: number | null;
      userId: number | null;
      refNo: string;
      subject: string;
      base: number;
      expiresAt: number;
      client: 'pc' | 'mobile';
      ip: string;
      origin: string;
    },
  ) {
    const gateway = gatewayOf(row.gateway);
    if (!gateway) throw businessError('PAY_CHANNEL_UNAVAILABLE');
    const fee = p.purpose === 'test' ? 0 : feeFor(p.base, row.fee_rate);
    const now = Date.now();
    const paymentNo = newPaymentNo(now);
    const payment = {
      payment_no: paymentNo,
      purpose: p.purpose,
      site_id: p.siteId,
      order_id: p.orderId,
      recharge_id: p.rechargeId,
      user_id: p.userId,
      ref_no: p.refNo.slice(0, 40),
      subject: p.subject.slice(0, 127),
      amount: p.base + fee,
      fee,
      gateway: row.gateway,
      account_id: row.id,
      status: 'unpaid' as const,
      trade_no: null,
      client_ip: p.ip.slice(0, 64),
      expires_at: p.expiresAt,
      paid_at: null,
      closed_at: null,
      paid_by: null,
      created_at: now,
      updated_at: now,
    };
    let handoff = await askGateway(row, {
      paymentNo,
      siteId: p.siteId,
      amount: payment.amount,
      subject: p.subject,
      ip: p.ip,
      client: p.client,
      origin: p.origin,
    });
    // Forms and gateway pages go through our own top-level page (/pay/go), made when the payer's
    // browser goes there: never framed, signed at that moment, and the same again on a second visit.
    if (p.purpose !== 'test' && (handoff.kind === 'form' || handoff.kind === 'html'))
      handoff = { kind: 'redirect', url: `/pay/go/${paymentNo}?t=${handoffToken(paymentNo)}` };
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('payments').values(payment).execute();
      if (row.gateway !== 'sandbox')
        await enqueueJob(
          trx,
          QUERY_JOB,
          { paymentNo },
          { runAt: now + 60_000, maxAttempts: 20, uniqueKey: `${QUERY_JOB}:${paymentNo}` },
        );
    });
    return { paymentNo, amount: payment.amount, fee, expiresAt: p.expiresAt, gateway: row.gateway, handoff };
  }

  async function payableAccount(accountId: number, client: 'pc' | 'mobile'): Promise<AccountRow> {
    const row = await db.selectFrom('payment_accounts').selectAll().where('id', '=', accountId).executeTakeFirst();
    if (!row || row.enabled !== 1 || (row.client !== 'all' && row.client !== client))
      throw businessError('PAY_CHANNEL_UNAVAILABLE');
    return row;
  }

  /**
   * A sub-site's own channels for its orders (decision 0010): its enabled accounts for the client,
   * when its version allows them. Empty: its orders are paid through the platform's channels.
   */
  async function ownChannels(siteId: number, client: 'pc' | 'mobile') {
    if (siteId === PLATFORM_SITE_ID) return { payee: undefined, rows: [] as AccountRow[] };
    const payee = await sitePayeeOf(db, siteId);
    if (!payee?.allowed) return { payee, rows: [] as AccountRow[] };
    const rows = await db
      .selectFrom('payment_accounts')
      .selectAll()
      .where('site_id', '=', siteId)
      .where('enabled', '=', 1)
      .where('client', 'in', ['all', client])
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return { payee, rows: rows.filter((r) => Boolean(gatewayOf(r.gateway))) };
  }

  /**
   * An order may be paid through its site's own channels when it has some (and the balance, which
   * is the platform's), else through the platform's. Before the buyer pays into the owner's account,
   * the owner's balance must cover the site's cost, or the order could not be delivered.
   */
  async function checkOrderChannel(
    row: AccountRow,
    order: { id: number; site_id: number; amount: number; refund_amount: number },
    client: 'pc' | 'mobile',
  ) {
    const own = await ownChannels(order.site_id, client);
    const allowed = own.rows.length
      ? row.gateway === 'balance' || own.rows.some((r) => r.id === row.id)
      : isPlatformAccount(row);
    if (!allowed) throw businessError('PAY_CHANNEL_UNAVAILABLE');
    if (isPlatformAccount(row) || !own.payee) return;
    const cost = await ownerCostOf(db, order);
    if (cost > 0 && (await balanceOf(db, own.payee.ownerId)) < cost) throw businessError('SITE_BALANCE_SHORT');
  }

  /** Balance: sale password, then claim the order, debit and deliver in one transaction. */
  async function payOrderByBalance(
    ctx: ActorContext,
    row: AccountRow,
    order: NonNullable<Awaited<ReturnType<typeof ordersRepo.byNo>>>,
    salePwd: string | undefined,
  ) {
    const userId = ctx.actor.id;
    await requireSalePassword(db, callerOf(ctx), salePwd, 'balancePay');
    const now = Date.now();
    const paymentNo = newPaymentNo(now);
    await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('payments')
        .values({
          payment_no: paymentNo,
          purpose: 'order',
          site_id: order.site_id,
          order_id: order.id,
          recharge_id: null,
          user_id: userId,
          ref_no: order.order_no,
          subject: order.goods_name.slice(0, 127),
          amount: order.amount,
          fee: 0,
          gateway: 'balance',
          account_id: row.id,
          status: 'unpaid',
          trade_no: null,
          client_ip: ctx.ip.slice(0, 64),
          expires_at: order.expires_at,
          paid_at: null,
          closed_at: null,
          paid_by: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await movePayment(trx, id, 'unpaid', 'paid', { paid_at: now, trade_no: `balance:${userId}`, paid_by: 'balance' });
      const outcome = await flows.applyPayment(trx, order.id, {
        method: 'balance',
        amount: order.amount,
        ref: paymentNo,
      });
      if (!outcome.applied) throw businessError('ORDER_NOT_PAYABLE');
      if (order.amount > 0)
        await debitBalance(trx, {
          userId,
          amount: order.amount,
          type: 'order_pay',
          refType: 'order',
          refId: order.order_no,
          memo: `购买 ${order.goods_name} × ${order.quantity}`,
        });
    });
    return {
      paymentNo,
      amount: order.amount,
      fee: 0,
      expiresAt: order.expires_at,
      gateway: 'balance',
      handoff: { kind: 'paid' } as PayHandoff,
    };
  }

  return {
    /** The checkout flow's order side, for the refund calls. */
    flows,
    seedAccounts,
    openAccount,
    callableAccount,
    accountRow,
    accountView,
    sealConfig,
    parseConfig,
    rechargeSettings,
    orderPayToken,
    byNo,
    handoffNow,
    handleNotify,
    queryPayment,
    settle,
    startPayment,
    movePayment,

    /**
     * Enabled channels for a client type, in the admin's order; a sub-site with its own channels
     * offers those (and the balance) for its orders instead (decision 0010). Recharges go to the
     * platform's balance, so always through the platform's channels.
     */
    async channels(ctx: RequestContext, client: 'pc' | 'mobile', purpose: 'order' | 'recharge'): Promise<PayChannel[]> {
      const own = purpose === 'order' ? (await ownChannels(ctx.site.id, client)).rows : [];
      let platform = db
        .selectFrom('payment_accounts')
        .selectAll()
        .where('enabled', '=', 1)
        .where('client', 'in', ['all', client])
        .where((eb) => eb.or([eb('site_id', 'is', null), eb('site_id', '=', PLATFORM_SITE_ID)]));
      if (own.length) platform = platform.where('gateway', '=', 'balance');
      const rows = [...(await platform.orderBy('sort').orderBy('id').execute()), ...own];
      return rows
        .filter((r) =>
          r.gateway === 'balance' ? purpose === 'order' && ctx.actor !== null : Boolean(gatewayOf(r.gateway)),
        )
        .map((r) => ({
          id: r.id,
          gateway: r.gateway,
          name: r.display_name || r.name,
          icon: r.icon,
          feeRate: r.fee_rate,
          type: openAccount(r).config.type ?? '',
        }));
    },

    /** /pay/create: pays an order (member, or visitor with password/token) or starts a recharge. */
    async create(ctx: RequestContext, input: PayCreateInput, origin: string): Promise<PayCreated> {
      const row = await payableAccount(input.accountId, input.client);
      const userId = ctx.area === 'user' && ctx.actor ? ctx.actor.id : null;
      if (input.orderNo) {
        let order = await ordersRepo.byNo(db, ctx.site.id, input.orderNo);
        if (userId !== null && order?.user_id === userId) {
          // the member's own order
        } else if (
          order &&
          order.user_id === null &&
          input.payToken &&
          safeEqual(orderPayToken(order.order_no), input.payToken)
        ) {
          // the visitor's pay token, handed out with the order
        } else {
          // Anyone else: the visitor's query password, under the lookup's budget and with its one
          // answer for unknown orders, members' orders and wrong passwords alike.
          order = await openVisitorOrder(db, deps.config.dataDir, ctx.site.id, {
            orderNo: input.orderNo,
            queryPassword: input.queryPassword,
          });
        }
        if (!order) throw businessError('LOOKUP_FAILED');
        if (order.status === 'expired') throw businessError('ORDER_EXPIRED');
        if (order.status !== 'unpaid') throw businessError('ORDER_NOT_PAYABLE');
        await checkOrderChannel(row, order, input.client);
        const payToken = order.user_id === null ? orderPayToken(order.order_no) : undefined;
        if (row.gateway === 'balance') {
          if (userId === null || !hasActor(ctx)) throw businessError('PAY_LOGIN_REQUIRED');
          return { ...(await payOrderByBalance(ctx, row, order, input.salePwd)), payToken };
        }
        const started = await startPayment(row, {
          purpose: 'order',
          siteId: order.site_id,
          orderId: order.id,
          rechargeId: null,
          userId: order.user_id,
          refNo: order.order_no,
          subject: `${order.goods_name}${order.quantity > 1 ? ` × ${order.quantity}` : ''}`,
          base: order.amount,
          expiresAt: order.expires_at,
          client: input.client,
          ip: ctx.ip,
          origin,
        });
        return { ...started, payToken };
      }
      // recharge: money for the platform's balance, so through the platform's channels only
      if (userId === null) throw businessError('PAY_LOGIN_REQUIRED');
      if (row.gateway === 'balance') throw businessError('PAY_BALANCE_NOT_FOR_RECHARGE');
      if (!isPlatformAccount(row)) throw businessError('PAY_CHANNEL_UNAVAILABLE');
      const rs = rechargeSettings();
      const amount = input.amount!;
      if (amount < rs.min || amount > rs.max)
        throw businessError(
          'PAY_AMOUNT_INVALID',
          `充值金额须在 ${(rs.min / 100).toFixed(2)} - ${(rs.max / 100).toFixed(2)} 元之间`,
        );
      const now = Date.now();
      const bonus = bonusFor(rs, amount);
      const recharge = await db
        .insertInto('recharges')
        .values({
          user_id: userId,
          site_id: ctx.site.id,
          amount,
          bonus,
          status: 'unpaid',
          paid_at: null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const started = await startPayment(row, {
        purpose: 'recharge',
        siteId: ctx.site.id,
        orderId: null,
        rechargeId: recharge.id,
        userId,
        refNo: `R${recharge.id}`,
        subject: '账户充值',
        base: amount,
        expiresAt: now + RECHARGE_MINUTES * 60_000,
        client: input.client,
        ip: ctx.ip,
        origin,
      });
      return { ...started, bonus };
    },

    /** The real state of a payment (return pages never trust their URL parameters). */
    async status(paymentNo: string): Promise<PaymentState> {
      const p = await byNo(paymentNo);
      if (!p) throw businessError('PAYMENT_NOT_FOUND');
      return {
        paymentNo: p.payment_no,
        status: p.status,
        purpose: p.purpose,
        amount: p.amount,
        fee: p.fee,
        gateway: p.gateway,
        refNo: p.purpose === 'order' ? p.ref_no : '',
        subject: p.subject,
        expiresAt: p.expires_at,
        paidAt: p.paid_at,
      };
    },

    /** The sandbox cashier's pay button: a notify through the same path as real gateways. */
    async sandboxConfirm(paymentNo: string, token: string, ip: string) {
      const p = await byNo(paymentNo);
      if (!p || p.gateway !== 'sandbox' || p.account_id === null) throw businessError('PAY_SANDBOX_TOKEN_INVALID');
      const row = await accountRow(p.account_id);
      if (row.enabled !== 1 && p.purpose !== 'test') throw businessError('PAY_CHANNEL_UNAVAILABLE');
      const params = { out_trade_no: p.payment_no, amount: String(p.amount), token };
      const { verdict } = await handleNotify(
        'sandbox',
        row.id,
        { method: 'POST', params, rawBody: '', headers: {} },
        ip,
      );
      if (verdict !== 'applied' && verdict !== 'duplicate') throw businessError('PAY_SANDBOX_TOKEN_INVALID');
      return { paymentNo: p.payment_no, status: 'paid' as const };
    },
  };
}
export type PaymentsService = ReturnType<typeof paymentsService>;
