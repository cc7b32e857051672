import {
  Codes,
  ProcurementStatusLabels,
  readBuyerInputs,
  type DockingProcurementView,
  type Paged,
  type dockingProcurementListInput,
  type z,
} from '@kapu/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../core/db/connect.js';
import { businessError, isBusinessError } from '../../core/errors.js';
import { publishEvent } from '../../core/events.js';
import { moveStatus, statusUpdate } from '../../core/fsm.js';
import { enqueueJob } from '../../core/jobs.js';
import { fetchPage } from '../../core/paging.js';
import { cardBoxFor } from '../../core/secret-box.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { goodsRowsByIds } from '../catalog/index.js';
import { moveOrderByHand, ordersRepo, type OrderRow } from '../orders/index.js';
import { sellUpstreamCards } from '../stock/index.js';
import type { ConnectionsService, DockingScope } from './connections.js';
import { UpstreamError, type UpstreamField, type UpstreamOrder } from './driver.js';
import { driverFor } from './drivers/index.js';
import { procurementMachine } from './machine.js';
import {
  maxUnitCost,
  outerNumberOf,
  partsOf,
  shortRefund,
  sourceRefusal,
  sourcesToTry,
  type ProcurementPart,
} from './rules.js';
import type { DockingProcurementsTable, DockingSourcesTable } from './tables.js';

export const FORWARD_JOB = 'docking.forward';
/** Attempts of one forwarding job (placing, asking about an unknown outcome, waiting for delivery). */
export const FORWARD_ATTEMPTS = 12;
/** A procurement being placed is left alone by other runs for this long (the placing call's own deadline is shorter). */
const PLACING_LEASE = 90_000;
const BACKOFF = [2_000, 5_000, 10_000, 20_000, 30_000, 60_000, 120_000, 300_000, 600_000, 1_200_000, 1_800_000];
export const forwardBackoff = (attempt: number) => BACKOFF[Math.min(BACKOFF.length - 1, Math.max(0, attempt - 1))]!;

type ProcurementRow = Selectable<DockingProcurementsTable>;
type SourceRow = Selectable<DockingSourcesTable>;

/** The refund flows, passed in by app.ts: docking never imports flows. */
export interface DockingFlows {
  /** flows/checkout.ts refundOrder: the whole order back (nothing came from any source). */
  refundOrder(
    db: Db,
    orderId: number,
    reason: string,
    operator: string,
    paidBack?: 'gateway' | 'manual',
    within?: (trx: Db) => Promise<void>,
  ): Promise<OrderRow['status']>;
  /**
   * flows/order-refund.ts refundOrderPart: the missing part of a short delivery back to the balance or
   * through the gateway; a business error (nothing written) when the payment cannot be refunded in part.
   */
  refundPart(
    order: OrderRow,
    amount: number,
    reason: string,
    operator: string,
    within: (trx: Db, to: 'balance' | 'gateway') => Promise<void>,
  ): Promise<'balance' | 'gateway'>;
}

const yuanText = (fen: number) => (fen / 100).toFixed(2);

/** Ours, unguessable enough and sortable: P + time + order id. */
function procurementNo(orderId: number, now: number): string {
  return `P${now.toString(36).toUpperCase()}${orderId.toString(36).toUpperCase()}`;
}

function parseTried(raw: string): number[] {
  try {
    const v = JSON.parse(raw) as unknown;
    return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
  } catch {
    return [];
  }
}

function parseFields(raw: string): UpstreamField[] {
  try {
    const v = JSON.parse(raw) as unknown;
    return Array.isArray(v) ? (v as UpstreamField[]) : [];
  } catch {
    return [];
  }
}

/** Signals a job run that must be tried again later (the runner's backoff), not a failure. */
class RetryLater extends Error {}

/**
 * Forwarding (decision 0016): a paid order of a docked goods becomes a procurement order in the
 * event's transaction; it is forwarded at once after commit and by a durable job as the safety net.
 * Sources are tried in priority order; a source that refuses (down, out of stock, price above the
 * bound) is given up and the next tried; an unknown outcome (timeout) is asked about before ordering
 * again (the same outerNumber, so never paid twice). Cards come back sealed into the order; when
 * every source refused, the buyer is refunded through the refund flow.
 */
export function forwardingService(deps: Deps, connections: ConnectionsService, flows: DockingFlows) {
  const { db, config } = deps;
  const box = cardBoxFor(config.dataDir);
  const time = (ms: number | null) => (ms ? formatDateTime(ms, config.timeZone) : '');
  const short = (s: string) => s.slice(0, 300);

  const load = (id: number) =>
    db.selectFrom('docking_procurements').selectAll().where('id', '=', id).executeTakeFirst();

  /** In the order.paid consumer's transaction: the procurement and its safety-net job. */
  async function createProcurement(trx: Db, orderId: number, now: number): Promise<number | null> {
    const o = await ordersRepo.byId(trx, orderId);
    if (!o || o.status !== 'pending') return null;
    const d = await trx.selectFrom('docking_goods').selectAll().where('goods_id', '=', o.goods_id).executeTakeFirst();
    if (!d) return null;
    const goods = await goodsRowsByIds(trx, [o.goods_id]);
    const row = await trx
      .insertInto('docking_procurements')
      .values({
        procurement_no: procurementNo(o.id, now),
        site_id: d.site_id,
        order_id: o.id,
        order_no: o.order_no,
        goods_id: o.goods_id,
        goods_name: o.goods_name,
        quantity: o.quantity,
        // Never above what the platform takes per unit (a sub-site's price carries its own markup on top).
        // An order paid by a redemption code (unit price 0) is bounded by the goods' price: the merchant
        // who issued the code pays for what it stands for.
        max_unit_price: maxUnitCost(
          o.pay_method === 'cdk'
            ? (goods.get(o.goods_id)?.price ?? 0)
            : Math.min(o.unit_price, goods.get(o.goods_id)?.price ?? o.unit_price),
          d.import_cost,
          d.cost_bound_pct,
        ),
        status: 'pending',
        source_id: null,
        connection_id: null,
        upstream_order_no: '',
        charged: null,
        attempts: 0,
        tried: '[]',
        cards_delivered: 0,
        last_error: '',
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('order_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return null;
    await enqueueJob(
      trx,
      FORWARD_JOB,
      { id: row.id },
      { runAt: now + 15_000, uniqueKey: `${FORWARD_JOB}:${row.id}`, maxAttempts: FORWARD_ATTEMPTS },
    );
    return row.id;
  }

  async function alert(trx: Db, p: ProcurementRow, reason: string, refunded: boolean) {
    await publishEvent(trx, 'procurement.failed', {
      procurementId: p.id,
      procurementNo: p.procurement_no,
      orderNo: p.order_no,
      siteId: p.site_id,
      goodsName: p.goods_name,
      reason: short(reason),
      refunded,
    });
  }

  /** Gives up: the procurement fails and staff are alerted (the upstream may hold an order: no refund). */
  async function fail(p: ProcurementRow, reason: string) {
    await db.transaction().execute(async (trx) => {
      const moved = await moveStatus(trx, procurementMachine, p.id, ['pending', 'placing', 'placed'], 'failed', {
        last_error: short(reason),
        updated_at: Date.now(),
      });
      if (moved) await alert(trx, p, reason, false);
    });
  }

  /** Every source refused: the buyer gets the money back through the refund flow, staff are alerted. */
  async function refund(p: ProcurementRow, reason: string) {
    try {
      await flows.refundOrder(
        db,
        p.order_id,
        `上游采购失败：${reason}`.slice(0, 150),
        'system:docking',
        'manual',
        async (trx) => {
          if (
            !(await moveStatus(trx, procurementMachine, p.id, ['pending', 'placing', 'placed', 'failed'], 'refunded', {
              last_error: short(reason),
              source_id: null,
              updated_at: Date.now(),
            }))
          )
            throw businessError('DOCKING_PROCUREMENT_STATE');
          await alert(trx, p, reason, true);
        },
      );
    } catch (err) {
      if (!isBusinessError(err)) throw err;
      // The order moved meanwhile (staff delivered or refunded it): the procurement fails for staff to see.
      const now = await load(p.id);
      if (now) await fail(now, `${reason}；订单无法自动退款：${err.message}`);
    }
  }

  async function markTried(p: ProcurementRow, sourceId: number, reason: string): Promise<ProcurementRow> {
    const tried = [...new Set([...parseTried(p.tried), sourceId])];
    const values = {
      tried: JSON.stringify(tried),
      last_error: short(reason),
      source_id: null,
      connection_id: null,
      upstream_order_no: '',
      updated_at: Date.now(),
    };
    await db.updateTable('docking_procurements').set(values).where('id', '=', p.id).execute();
    return { ...p, ...values };
  }

  /** The goods' upstream kind: cards are expected back for a 'card' goods. */
  async function wantsCards(p: ProcurementRow): Promise<boolean> {
    const d = await db
      .selectFrom('docking_goods')
      .select(['upstream_kind'])
      .where('goods_id', '=', p.goods_id)
      .executeTakeFirst();
    return (d?.upstream_kind ?? 'card') === 'card';
  }

  /** What the order still waits for: the units no part delivered yet. */
  const missingOf = (p: ProcurementRow) => Math.max(0, p.quantity - p.cards_delivered);

  /**
   * The upstream delivered the current part: its new cards (never more than the order still misses,
   * never a card the order already holds) go to the buyer in one transaction with the procurement's
   * count. All there: the order is delivered. Fewer: the part is settled as short, its source given up,
   * and the next part (a new upstream order for the rest, its own outerNumber) is for the next source.
   * A concurrent run settling the same answer finds the count moved and does nothing.
   */
  async function deliver(
    p: ProcurementRow,
    source: SourceRow,
    r: UpstreamOrder,
  ): Promise<'delivered' | 'short' | 'failed' | 'moved'> {
    const current = await ordersRepo.byId(db, p.order_id);
    if (!current || current.status !== 'pending') {
      // Staff refunded or delivered the order meanwhile: the upstream's delivery is for staff to settle.
      await db
        .updateTable('docking_procurements')
        .set({ upstream_order_no: r.upstreamOrderNo, charged: r.charged })
        .where('id', '=', p.id)
        .execute();
      await fail(p, '上游已发货，但订单已不在待发货状态（已退款或已处理），请与上游核对');
      return 'failed';
    }
    const cardGoods = await wantsCards(p);
    const before = partsOf(p.parts);
    const chargedBefore = before.reduce((sum, x) => sum + (x.charged ?? 0), 0);
    const charged = r.charged === null && before.length === 0 ? null : chargedBefore + (r.charged ?? 0);
    const now = Date.now();
    return db.transaction().execute(async (trx) => {
      // The procurement row first: whoever settles this part second waits here, then matches no row.
      const locked = await trx
        .updateTable('docking_procurements')
        .set({ updated_at: now })
        .where('id', '=', p.id)
        .where('status', 'in', ['placing', 'placed'])
        .where('part', '=', p.part)
        .where('cards_delivered', '=', p.cards_delivered)
        .executeTakeFirst();
      if (Number(locked.numUpdatedRows) !== 1) return 'moved' as const;
      const order = await ordersRepo.byId(trx, p.order_id);
      if (!order || order.status !== 'pending')
        throw businessError('DOCKING_PROCUREMENT_STATE', '订单已不在待发货状态');
      const missing = missingOf(p);
      // Whatever cards came (a recharge upstream may send some too), never more than the order misses.
      const taken = await sellUpstreamCards(
        trx,
        box,
        { id: p.goods_id, owner_user_id: null },
        order.id,
        r.cards,
        { note: `上游发货 ${outerNumberOf(p)}`, createdBy: 'docking' },
        now,
        missing,
      );
      const total = p.cards_delivered + taken.length;
      if (!cardGoods || total >= p.quantity) {
        await statusUpdate(trx, procurementMachine, ['placing', 'placed'], 'delivered', {
          upstream_order_no: r.upstreamOrderNo,
          charged,
          source_id: source.id,
          connection_id: source.connection_id,
          cards_delivered: total,
          last_error: '',
          updated_at: now,
        })
          .where('id', '=', p.id)
          .execute();
        await moveOrderByHand(
          trx,
          order,
          'pending',
          'delivered',
          { delivered_at: now, delivery_text: total > 0 ? null : '上游已处理完成' },
          now,
          'supplier',
          async () => undefined,
        );
        return 'delivered' as const;
      }
      // Short: this part is settled with what came; the rest is a new upstream order at the next source.
      const asked = p.part_quantity > 0 ? p.part_quantity : missing;
      const part: ProcurementPart = {
        part: p.part,
        sourceId: source.id,
        connectionId: source.connection_id,
        outerNumber: outerNumberOf(p),
        upstreamOrderNo: r.upstreamOrderNo,
        quantity: asked,
        cards: taken.length,
        charged: r.charged,
      };
      await statusUpdate(trx, procurementMachine, ['placing', 'placed'], 'placing', {
        parts: JSON.stringify([...before, part]),
        part: p.part + 1,
        part_quantity: 0,
        cards_delivered: total,
        charged,
        tried: JSON.stringify([...new Set([...parseTried(p.tried), source.id])]),
        source_id: null,
        connection_id: null,
        upstream_order_no: '',
        last_error: short(
          `上游少发卡密（${outerNumberOf(p)} 收到 ${taken.length} 张，应为 ${asked} 张），缺少的 ${p.quantity - total} 张向下一个货源采购`,
        ),
        // The run that settled it goes on at once; others keep off for the lease.
        updated_at: now,
      })
        .where('id', '=', p.id)
        .execute();
      return 'short' as const;
    });
  }

  /**
   * No source supplied the rest of a short delivery: the buyer keeps the cards that came, the order is
   * delivered and the missing part goes back (refund flow: balance, or the gateway), shares reversed
   * in proportion; a payment that cannot be refunded in part leaves the part owed (`refund_due`) for
   * staff. Either way staff are alerted (procurement.failed) and the order page says what happened.
   */
  async function refundShort(p: ProcurementRow, reason: string) {
    const order = await ordersRepo.byId(db, p.order_id);
    if (!order || order.status !== 'pending') {
      await fail(p, `${reason}；订单已不在待发货状态，缺少的部分请人工处理`);
      return;
    }
    const missing = missingOf(p);
    const amount = shortRefund(order.paid_amount, order.refund_amount, p.quantity, p.cards_delivered);
    const got = `上游仅发货 ${p.cards_delivered} 张（共 ${p.quantity} 张）`;
    const why = `上游少发，无货源补足：${reason}`.slice(0, 150);
    /** Procurement and order in the refund's transaction: both end together, or neither does. */
    const settleIn = async (trx: Db, to: 'partial' | 'refund_due', text: string, alertText: string) => {
      const now = Date.now();
      if (
        !(await moveStatus(trx, procurementMachine, p.id, ['placing', 'placed'], to, {
          refund_amount: amount,
          last_error: short(alertText),
          source_id: null,
          connection_id: null,
          updated_at: now,
        }))
      )
        throw businessError('DOCKING_PROCUREMENT_STATE');
      const fresh = await ordersRepo.byId(trx, p.order_id);
      if (!fresh || fresh.status !== 'pending')
        throw businessError('DOCKING_PROCUREMENT_STATE', '订单已不在待发货状态');
      await moveOrderByHand(
        trx,
        fresh,
        'pending',
        'delivered',
        { delivered_at: now, delivery_text: text },
        now,
        'supplier',
        async () => undefined,
      );
      await alert(trx, p, alertText, to === 'partial');
    };
    try {
      if (amount <= 0) {
        await db.transaction().execute((trx) => settleIn(trx, 'partial', `${got}，缺少的 ${missing} 张无需退款`, why));
        return;
      }
      const money = `¥${yuanText(amount)}`;
      // The buyer reads the reason on the order page: what happened, not our procurement's inner words.
      const buyerReason = `${got}，缺少的 ${missing} 张退款`;
      await flows.refundPart(order, amount, buyerReason, 'system:docking', (trx, to) =>
        settleIn(
          trx,
          'partial',
          `${got}，缺少的 ${missing} 张已退款 ${money}（${to === 'balance' ? '退回余额' : '原路退回'}）`,
          `${why}；已退款 ${money}`,
        ),
      );
    } catch (err) {
      if (!isBusinessError(err)) throw err;
      if (err.code !== Codes.PAY_REFUND_NOT_ALLOWED.code && err.code !== Codes.PAY_GATEWAY_FAILED.code) {
        // The order or the procurement moved meanwhile: for staff to see.
        const now = await load(p.id);
        if (now && (now.status === 'placing' || now.status === 'placed'))
          await fail(now, `${reason}；缺少的部分无法自动退款：${err.message}`);
        return;
      }
      // The payment cannot give a part back by itself (no gateway refund): owed, for staff to pay by hand.
      const money = `¥${yuanText(amount)}`;
      try {
        await db
          .transaction()
          .execute((trx) =>
            settleIn(
              trx,
              'refund_due',
              `${got}，缺少的 ${missing} 张应退 ${money}，商家将为您退款`,
              `${why}；应退 ${money} 无法自动退回（${err.message}），请人工退款`,
            ),
          );
      } catch (again) {
        if (!isBusinessError(again)) throw again;
        const now = await load(p.id);
        if (now && (now.status === 'placing' || now.status === 'placed'))
          await fail(now, `${reason}；缺少的部分无法自动退款：${again.message}`);
      }
    }
  }

  async function fieldsFor(p: ProcurementRow, source: SourceRow): Promise<Array<{ name: string; value: string }>> {
    const order = await ordersRepo.byId(db, p.order_id);
    const inputs = readBuyerInputs(order?.recharge_inputs ?? null);
    const fields = parseFields(source.fields);
    return fields.map((f, i) => {
      const key = /^[A-Za-z][A-Za-z0-9_]{0,31}$/.test(f.name) ? f.name : `field${i + 1}`;
      const given = inputs.find((x) => x.key === key) ?? inputs.find((x) => x.label === f.label);
      return { name: f.name, value: given?.value ?? '' };
    });
  }

  /**
   * The outcome of the current part at a source, known now. 'done': nothing more for this run
   * (delivered, waiting upstream, or another run moved it on); 'short': the part came short and the
   * rest is for the next source; 'next': refused there.
   */
  async function settle(
    p: ProcurementRow,
    source: SourceRow,
    r: UpstreamOrder,
    mode: 'immediate' | 'job',
  ): Promise<'done' | 'short' | 'next'> {
    if (r.state === 'delivered') {
      const outcome = await deliver(p, source, r);
      return outcome === 'short' ? 'short' : 'done';
    }
    if (r.state === 'failed') return 'next';
    const waiting = {
      upstream_order_no: r.upstreamOrderNo,
      source_id: source.id,
      connection_id: source.connection_id,
      updated_at: Date.now(),
    };
    // Still waiting upstream: placing → placed once; a placed one only notes what the upstream said.
    if (p.status === 'placed')
      await db
        .updateTable('docking_procurements')
        .set(waiting)
        .where('id', '=', p.id)
        .where('status', '=', 'placed')
        .execute();
    else await statusUpdate(db, procurementMachine, 'placing', 'placed', waiting).where('id', '=', p.id).execute();
    if (mode === 'job') throw new RetryLater('等待上游发货');
    return 'done';
  }

  /** Nothing more to try: the missing part back when some cards came, else the whole order. */
  async function giveUp(p: ProcurementRow, reason: string) {
    if (p.cards_delivered > 0) await refundShort(p, reason);
    else await refund(p, reason);
  }

  /**
   * One forwarding run. `immediate`: right after the payment, only a pending procurement; `job`: the
   * durable run (and its retries): asks about an unknown or pending outcome first, then places.
   */
  async function forward(id: number, mode: 'immediate' | 'job', attempt = 1): Promise<void> {
    let p = await load(id);
    if (!p || !['pending', 'placing', 'placed'].includes(p.status)) return;
    const last = attempt >= FORWARD_ATTEMPTS;
    if (mode === 'immediate' && p.status !== 'pending') return;
    const now = Date.now();
    if (p.status === 'placing' && now - p.updated_at < PLACING_LEASE) throw new RetryLater('正在下单');

    const sources = await db.selectFrom('docking_sources').selectAll().where('goods_id', '=', p.goods_id).execute();
    const conns = new Map<number, Awaited<ReturnType<ConnectionsService['byId']>>>();
    const connOf = async (s: SourceRow) => {
      let c = conns.get(s.connection_id);
      if (!c) {
        const row = await db
          .selectFrom('docking_connections')
          .selectAll()
          .where('id', '=', s.connection_id)
          .executeTakeFirst();
        if (!row) return null;
        conns.set(s.connection_id, (c = row));
      }
      return c;
    };

    // An order already sent somewhere (outcome unknown, or the upstream still working): ask first.
    let again: SourceRow | null = null;
    if ((p.status === 'placing' || p.status === 'placed') && p.source_id !== null) {
      const source = sources.find((s) => s.id === p!.source_id) ?? null;
      const c = source ? await connOf(source) : null;
      if (source && c) {
        let r: UpstreamOrder | null;
        try {
          r = await driverFor(c.protocol).queryOrder(connections.endpointOf(c), {
            outerNumber: outerNumberOf(p),
            upstreamOrderNo: p.upstream_order_no,
          });
        } catch (err) {
          const msg = err instanceof Error ? err.message : String(err);
          if (last) return fail(p, `无法确认上游订单结果：${msg}`);
          await db
            .updateTable('docking_procurements')
            .set({ last_error: short(`查询上游订单失败：${msg}`) })
            .where('id', '=', p.id)
            .execute();
          throw new RetryLater(msg);
        }
        if (r) {
          if (r.state === 'pending' && last) return fail(p, '上游长时间未发货');
          const outcome = await settle(p, source, r, mode);
          if (outcome === 'done') return;
          if (outcome === 'short') {
            p = (await load(p.id))!;
            if (missingOf(p) === 0) return;
          } else p = await markTried(p, source.id, r.message || '上游订单失败');
        } else if (p.status === 'placed') {
          p = await markTried(p, source.id, '上游查不到该订单');
        } else again = source; // never reached the upstream: the same source again, same outerNumber
      } else p = await markTried(p, p.source_id, '货源已移除');
    }

    // Claim: pending → placing (or placing again after the lease), conditionally: one runner at a time.
    const claimed = await statusUpdate(db, procurementMachine, p.status, 'placing', {
      updated_at: Date.now(),
      attempts: p.attempts + 1,
    })
      .where('id', '=', p.id)
      .where('updated_at', '=', p.updated_at)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return;
    p = (await load(p.id))!;

    const candidates = [
      ...(again ? [again] : []),
      ...sourcesToTry(sources, parseTried(p.tried)).filter((s) => s !== again),
    ];
    const cardGoods = await wantsCards(p);
    for (const source of candidates) {
      const c = await connOf(source);
      if (!c) {
        p = await markTried(p, source.id, '连接已删除');
        continue;
      }
      const endpoint = connections.endpointOf(c);
      const driver = driverFor(c.protocol);
      // A later part asks only for what the earlier ones did not deliver.
      const need: number = cardGoods ? missingOf(p) : p.quantity;
      try {
        const fresh = await driver.goods(endpoint, source.ref);
        const refusal = sourceRefusal(fresh, need, p.max_unit_price);
        if (refusal) {
          p = await markTried(p, source.id, `${c.name}：${refusal}`);
          continue;
        }
      } catch (err) {
        if (!(err instanceof UpstreamError)) throw err;
        p = await markTried(p, source.id, `${c.name}：${err.message}`);
        continue;
      }
      // From here an order may exist upstream: the source is written down before asking for it.
      await db
        .updateTable('docking_procurements')
        .set({ source_id: source.id, connection_id: c.id, part_quantity: need, updated_at: Date.now() })
        .where('id', '=', p.id)
        .execute();
      p = { ...p, source_id: source.id, connection_id: c.id, part_quantity: need };
      let r: UpstreamOrder;
      try {
        r = await driver.placeOrder(endpoint, {
          goodsRef: source.ref,
          quantity: need,
          outerNumber: outerNumberOf(p),
          maxUnitPrice: p.max_unit_price,
          fields: await fieldsFor(p, source),
        });
      } catch (err) {
        if (!(err instanceof UpstreamError)) throw err;
        if (err.options.kind === 'refused') {
          p = await markTried(p, source.id, `${c.name}：${err.message}`);
          continue;
        }
        // Timeout, broken connection, garbage: the order may exist. Ask before ordering again.
        await db
          .updateTable('docking_procurements')
          .set({
            last_error: short(`${c.name}：${err.message}（结果未知，稍后查询）`),
            updated_at: Date.now() - PLACING_LEASE,
          })
          .where('id', '=', p.id)
          .execute();
        if (mode === 'job') throw new RetryLater(err.message);
        return;
      }
      const outcome = await settle(p, source, r, mode);
      if (outcome === 'done') return;
      if (outcome === 'short') {
        p = (await load(p.id))!;
        if (missingOf(p) === 0) return;
        continue;
      }
      p = await markTried(p, source.id, `${c.name}：${r.message || '上游订单失败'}`);
    }
    await giveUp(p, p.last_error || '没有可用的货源');
  }

  deps.events.on(
    'order.paid',
    'docking.procure',
    async (event, trx) => {
      const id = await createProcurement(trx, event.payload.orderId, Date.now());
      if (id === null) return;
      // Forward as soon as the consumer's transaction is visible; the job is the net.
      let tries = 0;
      const attempt = () => {
        void load(id)
          .then((p) => {
            if (!p) {
              if (++tries < 80) setTimeout(attempt, 25).unref();
              return;
            }
            return forward(id, 'immediate');
          })
          .catch((err: unknown) => {
            if (!(err instanceof RetryLater)) deps.log.warn({ err, procurement: id }, 'docking forward failed');
          });
      };
      setTimeout(attempt, 5).unref();
    },
    // Docked goods are manual or recharge goods (decision 0016): a card order is never forwarded.
    { wants: (p) => p.goodsType !== 'card' },
  );

  deps.jobs.register(
    FORWARD_JOB,
    async (payload, job) => {
      const { id } = payload as { id: number };
      await forward(id, 'job', job.attempts);
    },
    forwardBackoff,
    { detached: true }, // waits on an upstream that may hang until the connection's deadline
  );

  return {
    forward,

    /** Staff or the owner push a failed procurement again: asked about first when it reached an upstream. */
    async repush(scope: DockingScope, id: number): Promise<{ status: ProcurementRow['status'] }> {
      const p = await db
        .selectFrom('docking_procurements')
        .selectAll()
        .where('id', '=', id)
        .where('site_id', '=', scope.siteId)
        .executeTakeFirst();
      if (!p) throw businessError('DOCKING_PROCUREMENT_NOT_FOUND');
      if (p.status !== 'failed') throw businessError('DOCKING_PROCUREMENT_STATE');
      const to = p.source_id !== null ? 'placed' : 'pending';
      await db.transaction().execute(async (trx) => {
        if (
          !(await moveStatus(trx, procurementMachine, p.id, 'failed', to, {
            tried: to === 'pending' ? '[]' : p.tried,
            last_error: '',
            updated_at: Date.now(),
          }))
        )
          throw businessError('DOCKING_PROCUREMENT_STATE');
        // A key of its own: the first forwarding job of this procurement may still wait for its turn.
        await enqueueJob(
          trx,
          FORWARD_JOB,
          { id: p.id },
          { uniqueKey: `${FORWARD_JOB}:${p.id}:repush:${Date.now()}`, maxAttempts: FORWARD_ATTEMPTS },
        );
        await scope.audit?.(trx, {
          target: `procurement:${p.id}`,
          before: { status: p.status },
          after: { status: to },
        });
      });
      return { status: to };
    },

    async list(
      scope: DockingScope,
      input: z.infer<typeof dockingProcurementListInput>,
    ): Promise<Paged<DockingProcurementView>> {
      let q = db.selectFrom('docking_procurements').selectAll().where('site_id', '=', scope.siteId);
      if (input.status) q = q.where('status', '=', input.status);
      if (input.orderNo) q = q.where('order_no', '=', input.orderNo);
      const page = await fetchPage(q.orderBy('id', 'desc'), input);
      const names = new Map(
        (
          await db
            .selectFrom('docking_connections')
            .select(['id', 'name'])
            .where('site_id', '=', scope.siteId)
            .execute()
        ).map((c) => [c.id, c.name]),
      );
      return {
        ...page,
        list: page.list.map((p) => ({
          id: p.id,
          procurementNo: p.procurement_no,
          orderNo: p.order_no,
          goodsName: p.goods_name,
          quantity: p.quantity,
          connectionName: p.connection_id ? (names.get(p.connection_id) ?? '') : '',
          upstreamOrderNo: p.upstream_order_no,
          status: p.status,
          statusText: ProcurementStatusLabels[p.status],
          cost: p.charged === null ? '' : (p.charged / 100).toFixed(2),
          attempts: p.attempts,
          cardsDelivered: p.cards_delivered,
          refunded: Number(p.refund_amount) > 0 ? yuanText(Number(p.refund_amount)) : '',
          parts: partsOf(p.parts).map((x) => ({
            connectionName: names.get(x.connectionId) ?? '',
            upstreamOrderNo: x.upstreamOrderNo,
            quantity: x.quantity,
            cards: x.cards,
            cost: x.charged === null ? '' : yuanText(x.charged),
          })),
          lastError: p.last_error,
          createdAt: time(p.created_at),
          updatedAt: time(p.updated_at),
        })),
      };
    },
  };
}
export type ForwardingService = ReturnType<typeof forwardingService>;
