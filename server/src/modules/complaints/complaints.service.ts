import {
  ComplaintOutcomeLabels,
  ComplaintRoleLabels,
  ComplaintStatusLabels,
  ComplaintTypeLabels,
  OrderStatusLabels,
  memberText,
  type ComplaintDecisionAnswer,
  type ComplaintDetail,
  type ComplaintEligibility,
  type ComplaintMessageView,
  type ComplaintRow,
  type ComplaintSettings,
  type ComplaintStatus,
  type DeskComplaintRow,
  type Paged,
  type complaintDecideInput,
  type complaintOpenInput,
  type deskComplaintListInput,
  type myComplaintListInput,
  type z,
} from '@kapu/contract';
import type { Selectable } from 'kysely';
import { writeAudit } from '../../core/calls.js';
import type { ActorContext, RequestContext } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';
import { businessError, isBusinessError } from '../../core/errors.js';
import { publishEvent } from '../../core/events.js';
import { moveStatus, statusUpdate } from '../../core/fsm.js';
import { fetchPage } from '../../core/paging.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { memberLabels } from '../accounts/index.js';
import { openVisitorOrder, ordersRepo, visitorOrderToken, type OrderRow } from '../orders/index.js';
import { safeEqual } from '../../core/crypto.js';
import { deskStaff, staffUsernames } from '../staff/index.js';
import { hasLiveRepeal, lockOrderCards } from '../stock/index.js';
import { attachEvidence, evidenceOf } from './complaint-files.js';
import {
  LIVE_STATUSES,
  SELLER_CLOCK_STATUSES,
  complaintEligibility,
  complaintMachine,
  statusAfterReply,
  type ReplyRole,
} from './complaint-machine.js';
import type { ComplaintsTable } from './tables.js';

type ComplaintRowDb = Selectable<ComplaintsTable>;
type OpenInput = z.output<typeof complaintOpenInput>;
type ReplyInput = { content: string; images: string[] };
/** How a visitor proves an order is theirs. */
export type VisitorProof = { orderNo: string; queryPassword?: string; accessToken?: string };
/** Who reads or writes: the buyer, the seller, or service staff (desk or admin). */
export type Party = 'buyer' | 'seller' | 'staff';

/** The refund flow (flows/order-refund.ts), passed in by app.ts: modules never import flows. */
export interface ComplaintFlows {
  refundOrderAmount(
    deps: Deps,
    ctx: RequestContext,
    order: OrderRow,
    reason: string,
    amount: number | undefined,
    alsoInTransaction?: (trx: Db, refunded: number) => Promise<void>,
  ): Promise<{ status: OrderRow['status']; refunded: number }>;
}

export const ComplaintSettingKeys = {
  windowDays: 'complaints.window_days',
  sellerHours: 'complaints.seller_hours',
} as const;
const DEFAULTS: ComplaintSettings = { windowDays: 7, sellerHours: 48 };
const HOUR = 3_600_000;
const ESCALATE_BATCH = 200;

export function complaintSettings(settings: Deps['settings']): ComplaintSettings {
  const read = (key: string, fallback: number) => {
    const n = Number(settings.get(key));
    return Number.isInteger(n) && n > 0 ? n : fallback;
  };
  return {
    windowDays: read(ComplaintSettingKeys.windowDays, DEFAULTS.windowDays),
    sellerHours: read(ComplaintSettingKeys.sellerHours, DEFAULTS.sellerHours),
  };
}

export function complaintsService(deps: Deps, flows: ComplaintFlows) {
  const { db, config } = deps;
  const time = (ms: number | null) => (ms ? formatDateTime(ms, config.timeZone) : '');
  const sellerDue = (now: number) => now + complaintSettings(deps.settings).sellerHours * HOUR;

  function row(c: ComplaintRowDb, goodsName: string, now = Date.now()): ComplaintRow {
    const clock = (SELLER_CLOCK_STATUSES as readonly string[]).includes(c.status) && c.seller_due_at !== null;
    return {
      id: Number(c.id),
      orderNo: c.order_no,
      goodsName,
      type: c.type,
      typeText: ComplaintTypeLabels[c.type],
      status: c.status,
      statusText: ComplaintStatusLabels[c.status],
      outcome: c.outcome,
      outcomeText: c.outcome ? ComplaintOutcomeLabels[c.outcome] : '',
      refundAmount: Number(c.refund_amount),
      createdAt: time(c.created_at),
      updatedAt: time(c.updated_at),
      sellerDueAt: clock ? time(c.seller_due_at) : '',
      overdue: clock && Number(c.seller_due_at) <= now,
    };
  }

  /** Goods names of the complaints' orders, in one read each (the order is the source). */
  async function goodsNames(rows: ComplaintRowDb[]): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    for (const id of new Set(rows.map((r) => r.order_id))) {
      const o = await ordersRepo.byId(db, id);
      out.set(id, o?.goods_name ?? '');
    }
    return out;
  }

  async function deskRows(rows: ComplaintRowDb[]): Promise<DeskComplaintRow[]> {
    const names = await goodsNames(rows);
    const members = await memberLabels(db, [...rows.map((r) => r.user_id), ...rows.map((r) => r.seller_id)]);
    const staff = await staffUsernames(db, [
      ...new Set(rows.map((r) => r.assignee_id).filter((v): v is number => v !== null)),
    ]);
    return rows.map((c) => ({
      ...row(c, names.get(c.order_id) ?? ''),
      buyer: c.user_id ? memberText(members.get(c.user_id)) : '游客',
      seller: c.seller_id ? `供货商 ${memberText(members.get(c.seller_id))}` : '平台自营',
      assignee: c.assignee_id ? (staff.get(c.assignee_id) ?? '') : '',
      assigneeId: c.assignee_id,
    }));
  }

  async function load(id: number): Promise<ComplaintRowDb> {
    const c = await db.selectFrom('complaints').selectAll().where('id', '=', id).executeTakeFirst();
    if (!c) throw businessError('COMPLAINT_NOT_FOUND');
    return c;
  }

  /** The complaint as one party may see it; someone else's looks missing. */
  async function loadAs(ctx: RequestContext, id: number, as: Party): Promise<ComplaintRowDb> {
    const c = await load(id);
    const me = ctx.actor?.id;
    const allowed =
      as === 'staff' ||
      (as === 'buyer' && ctx.area === 'user' && me !== undefined && c.user_id === me) ||
      (as === 'seller' && ctx.area === 'user' && me !== undefined && c.seller_id === me);
    if (!allowed) throw businessError('COMPLAINT_NOT_FOUND');
    return c;
  }

  /** A member's own order, or the visitor's order proven by its query password. */
  async function memberOrder(ctx: ActorContext, orderNo: string): Promise<OrderRow> {
    const o = await ordersRepo.byNoAnySite(db, orderNo);
    if (!o || o.user_id === null || o.user_id !== ctx.actor.id) throw businessError('COMPLAINT_ORDER_NOT_FOUND');
    return o;
  }
  /** A visitor's order, by its query password or the access token their browser holds (decision 0011). */
  async function visitorOrder(ctx: RequestContext, proof: VisitorProof): Promise<OrderRow> {
    if (proof.queryPassword || !proof.accessToken)
      return openVisitorOrder(db, config.dataDir, ctx.site.id, {
        orderNo: proof.orderNo,
        queryPassword: proof.queryPassword,
      });
    const o = await ordersRepo.byNo(db, ctx.site.id, proof.orderNo);
    const valid = safeEqual(visitorOrderToken(config.dataDir, proof.orderNo), proof.accessToken);
    if (!o || !valid || o.user_id !== null) throw businessError('LOOKUP_FAILED');
    return o;
  }

  async function liveComplaintOf(orderId: number) {
    return db.selectFrom('complaints').select('id').where('open_order_id', '=', orderId).executeTakeFirst();
  }

  async function eligibilityOf(o: OrderRow, now = Date.now()): Promise<ComplaintEligibility> {
    const live = await liveComplaintOf(o.id);
    const rule = complaintEligibility(o, now, complaintSettings(deps.settings).windowDays);
    const deadline = rule.deadline ? time(rule.deadline) : '';
    if (live) return { eligible: false, reason: '该订单已有处理中的投诉', complaintId: Number(live.id), deadline };
    if (!rule.ok) {
      const reason =
        rule.code === 'COMPLAINT_WINDOW_PASSED' ? `已超过投诉期限（${deadline}）` : '订单尚未付款或尚未发货，不能投诉';
      return { eligible: false, reason, complaintId: null, deadline };
    }
    if (o.goods_type === 'card' && (await hasLiveRepeal(db, o.id)))
      return { eligible: false, reason: '该订单有卡密撤销申请，不能再投诉', complaintId: null, deadline };
    return { eligible: true, reason: '', complaintId: null, deadline };
  }

  async function addMessage(
    trx: Db,
    ctx: RequestContext,
    c: { id: number },
    role: ReplyRole | 'system',
    body: string,
    images: readonly string[],
    now: number,
  ): Promise<void> {
    const { id } = await trx
      .insertInto('complaint_messages')
      .values({
        complaint_id: c.id,
        author_role: role,
        author_id: role === 'system' ? null : (ctx.actor?.id ?? null),
        body,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await attachEvidence(trx, ctx, images, c.id, Number(id), now);
  }

  const refs = (c: ComplaintRowDb) => ({
    complaintId: Number(c.id),
    orderNo: c.order_no,
    siteId: c.site_id,
    userId: c.user_id,
    sellerId: c.seller_id,
  });

  /** Files a complaint on the order for its buyer (the caller proved who they are). */
  async function open(ctx: RequestContext, o: OrderRow, input: OpenInput): Promise<{ id: number }> {
    const now = Date.now();
    const rule = complaintEligibility(o, now, complaintSettings(deps.settings).windowDays);
    if (!rule.ok) throw businessError(rule.code);
    if (await liveComplaintOf(o.id)) throw businessError('COMPLAINT_DUPLICATE');
    if (o.goods_type === 'card' && (await hasLiveRepeal(db, o.id))) throw businessError('COMPLAINT_REPEAL_PENDING');
    try {
      return await db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('complaints')
          .values({
            order_id: o.id,
            order_no: o.order_no,
            site_id: o.site_id,
            user_id: o.user_id,
            seller_id: o.goods_owner_id,
            type: input.type,
            content: input.content,
            status: 'open',
            open_order_id: o.id,
            outcome: null,
            assignee_id: null,
            seller_due_at: sellerDue(now),
            created_at: now,
            updated_at: now,
            closed_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await addMessage(trx, ctx, { id: Number(id) }, 'buyer', input.content, input.images, now);
        // A void requested meanwhile (the check above ran before it): the complaint gives way. The card
        // rows' lock makes a racing void request either finish first (seen here) or wait and see this one.
        await lockOrderCards(trx, o.id);
        if (o.goods_type === 'card' && (await hasLiveRepeal(trx, o.id)))
          throw businessError('COMPLAINT_REPEAL_PENDING');
        await publishEvent(
          trx,
          'complaint.opened',
          {
            complaintId: Number(id),
            orderId: o.id,
            orderNo: o.order_no,
            siteId: o.site_id,
            userId: o.user_id,
            sellerId: o.goods_owner_id,
            type: input.type,
          },
          now,
        );
        return { id: Number(id) };
      });
    } catch (err) {
      // Two filings at once: the unique open_order_id lets one in.
      if (!isBusinessError(err) && (await liveComplaintOf(o.id))) throw businessError('COMPLAINT_DUPLICATE');
      throw err;
    }
  }

  /** What a party may know of the others: staff see names; the buyer and the seller only each other's role. */
  function forParty(row: DeskComplaintRow, as: Party): DeskComplaintRow {
    if (as === 'staff') return row;
    return {
      ...row,
      buyer: as === 'buyer' ? row.buyer : '买家',
      seller: row.seller === '平台自营' ? row.seller : as === 'seller' ? row.seller : '供货商',
      assignee: '',
      assigneeId: null,
    };
  }

  async function detail(ctx: RequestContext, c: ComplaintRowDb, as: Party): Promise<ComplaintDetail> {
    const [desk] = (await deskRows([c])).map((r) => forParty(r, as));
    const o = await ordersRepo.byId(db, c.order_id);
    const messages = await db
      .selectFrom('complaint_messages')
      .selectAll()
      .where('complaint_id', '=', c.id)
      .orderBy('id')
      .execute();
    const images = await evidenceOf(
      db,
      config.dataDir,
      messages.map((m) => Number(m.id)),
    );
    const staffNames = await staffUsernames(db, [
      ...new Set(messages.filter((m) => m.author_role === 'staff' && m.author_id).map((m) => Number(m.author_id))),
    ]);
    const me = ctx.actor?.id ?? null;
    const author = (m: (typeof messages)[number]): string => {
      if (m.author_role === 'staff')
        return as === 'staff' ? `客服 ${staffNames.get(Number(m.author_id)) ?? ''}`.trim() : '平台客服';
      if (as === 'staff' && m.author_role === 'buyer') return `买家 ${desk!.buyer}`;
      if (as === 'staff' && m.author_role === 'seller') return `卖家 ${desk!.seller}`;
      return ComplaintRoleLabels[m.author_role];
    };
    const mineRole = as === 'staff' ? 'staff' : as;
    const live = c.status !== 'closed';
    return {
      ...desk!,
      content: c.content,
      decisionNote: c.decision_note,
      order: {
        orderNo: c.order_no,
        goodsName: o?.goods_name ?? '',
        quantity: o?.quantity ?? 0,
        paidAmount: Number(o?.paid_amount ?? 0),
        refundedAmount: Number(o?.refund_amount ?? 0),
        statusText: o ? OrderStatusLabels[o.status] : '',
        paidAt: time(o?.paid_at ?? null),
        deliveredAt: time(o?.delivered_at ?? o?.shipped_at ?? null),
      },
      messages: messages.map((m): ComplaintMessageView => ({
        id: Number(m.id),
        role: m.author_role,
        roleText: ComplaintRoleLabels[m.author_role],
        author: author(m),
        body: m.body,
        images: images.get(Number(m.id)) ?? [],
        createdAt: time(m.created_at),
        mine: m.author_role === mineRole && (as === 'buyer' && c.user_id === null ? true : m.author_id === me),
      })),
      can: {
        reply: live,
        withdraw: live && as === 'buyer',
        arbitrate: as === 'buyer' && (c.status === 'awaiting_buyer' || c.status === 'awaiting_seller'),
        decide: live && as === 'staff',
        assign: live && as === 'staff',
      },
      as,
    };
  }

  async function reply(
    ctx: RequestContext,
    c: ComplaintRowDb,
    as: Party,
    input: ReplyInput,
  ): Promise<{ status: ComplaintStatus }> {
    if (c.status === 'closed') throw businessError('COMPLAINT_CLOSED');
    if (!input.content && input.images.length === 0) throw businessError('COMPLAINT_EMPTY_REPLY');
    const now = Date.now();
    const next = statusAfterReply(c.status, as, c.seller_id === null);
    return db.transaction().execute(async (trx) => {
      const set = {
        updated_at: now,
        // Waiting for the seller again: a new clock; the seller answered: no clock.
        seller_due_at: next === 'awaiting_seller' ? sellerDue(now) : next === 'awaiting_buyer' ? null : c.seller_due_at,
      };
      const moved = next
        ? await moveStatus(trx, complaintMachine, c.id, c.status, next, set)
        : Number(
            (
              await trx
                .updateTable('complaints')
                .set({ updated_at: now })
                .where('id', '=', c.id)
                .where('status', '=', c.status)
                .executeTakeFirst()
            ).numUpdatedRows,
          ) === 1;
      if (!moved)
        throw businessError((await load(c.id)).status === 'closed' ? 'COMPLAINT_CLOSED' : 'COMPLAINT_STATE_CHANGED');
      await addMessage(trx, ctx, c, as, input.content, input.images, now);
      const status = (next ?? c.status) as Exclude<ComplaintStatus, 'closed'>;
      await publishEvent(
        trx,
        'complaint.replied',
        { ...refs(c), by: as, authorId: ctx.actor?.id ?? null, status },
        now,
      );
      return { status };
    });
  }

  /** The buyer takes the complaint back: it closes without money moving. */
  async function withdraw(ctx: RequestContext, c: ComplaintRowDb) {
    if (c.status === 'closed') throw businessError('COMPLAINT_CLOSED');
    const now = Date.now();
    await db.transaction().execute(async (trx) => {
      await close(trx, c, 'withdrawn', 0, '', now);
      await addMessage(trx, ctx, c, 'system', '买家撤回了投诉', [], now);
    });
    return { status: 'closed' as const };
  }

  /** The buyer asks the platform to step in (after talking to the seller). */
  async function arbitrate(ctx: RequestContext, c: ComplaintRowDb) {
    if (c.status !== 'awaiting_buyer' && c.status !== 'awaiting_seller')
      throw businessError(c.status === 'closed' ? 'COMPLAINT_CLOSED' : 'COMPLAINT_ARBITRATION_NOT_ALLOWED');
    const now = Date.now();
    await db.transaction().execute(async (trx) => {
      if (
        !(await moveStatus(trx, complaintMachine, c.id, c.status, 'arbitration', {
          seller_due_at: null,
          updated_at: now,
        }))
      )
        throw businessError('COMPLAINT_STATE_CHANGED');
      await addMessage(trx, ctx, c, 'system', '买家申请平台介入，客服将尽快处理', [], now);
      await publishEvent(trx, 'complaint.escalated', { ...refs(c), cause: 'buyer_request' }, now);
    });
    return { status: 'arbitration' as const };
  }

  /** Closes a live complaint in the caller's transaction (with the refund, when there is one). */
  async function close(
    trx: Db,
    c: ComplaintRowDb,
    outcome: NonNullable<ComplaintsTable['outcome']>,
    refunded: number,
    note: string,
    now: number,
  ) {
    const moved = await moveStatus(trx, complaintMachine, c.id, [...LIVE_STATUSES], 'closed', {
      outcome,
      refund_amount: refunded,
      decision_note: note,
      open_order_id: null,
      seller_due_at: null,
      closed_at: now,
      updated_at: now,
    });
    if (!moved) throw businessError('COMPLAINT_CLOSED');
    await publishEvent(trx, 'complaint.closed', { ...refs(c), outcome, refunded }, now);
  }

  /** Staff decide: refund all or a part through the refund flow (the complaint closes in its transaction), or reject. */
  async function decide(
    ctx: ActorContext,
    id: number,
    input: z.output<typeof complaintDecideInput>,
  ): Promise<ComplaintDecisionAnswer> {
    const c = await load(id);
    if (c.status === 'closed') throw businessError('COMPLAINT_CLOSED');
    const now = Date.now();
    const record = (trx: Db, outcome: string, refunded: number) =>
      writeAudit(ctx, trx, {
        target: `complaints:${c.id}`,
        before: { status: c.status },
        after: { outcome, refunded, note: input.note },
      });
    if (input.decision === 'reject') {
      await db.transaction().execute(async (trx) => {
        await close(trx, c, 'rejected', 0, input.note, now);
        await addMessage(trx, ctx, c, 'system', `平台处理结果：驳回投诉。说明：${input.note}`, [], now);
        await record(trx, 'rejected', 0);
      });
      return { status: 'closed', outcome: 'rejected', refunded: 0 };
    }
    const order = await ordersRepo.byId(db, c.order_id);
    if (!order) throw businessError('COMPLAINT_NOT_FOUND');
    const remaining = Number(order.paid_amount) - Number(order.refund_amount);
    const amount = input.decision === 'refund_full' ? undefined : input.amount;
    if (input.decision === 'refund_part' && (amount === undefined || amount <= 0 || amount > remaining))
      throw businessError('COMPLAINT_REFUND_INVALID', `退款金额须大于 0 且不超过 ¥${(remaining / 100).toFixed(2)}`, {
        field: 'amount',
      });
    if (remaining <= 0) throw businessError('COMPLAINT_REFUND_INVALID', '该订单已没有可退金额');
    let outcome: 'refunded_full' | 'refunded_part' = 'refunded_full';
    const result = await flows.refundOrderAmount(
      deps,
      ctx,
      order,
      `投诉处理：${input.note}`.slice(0, 200),
      amount,
      async (trx, refunded) => {
        outcome = refunded >= remaining ? 'refunded_full' : 'refunded_part';
        await close(trx, c, outcome, refunded, input.note, now);
        await addMessage(
          trx,
          ctx,
          c,
          'system',
          `平台处理结果：${ComplaintOutcomeLabels[outcome]} ¥${(refunded / 100).toFixed(2)}。说明：${input.note}`,
          [],
          now,
        );
        await record(trx, outcome, refunded);
      },
    );
    return { status: 'closed', outcome, refunded: result.refunded };
  }

  return {
    settings: () => complaintSettings(deps.settings),
    async saveSettings(ctx: RequestContext, input: ComplaintSettings) {
      const before = complaintSettings(deps.settings);
      await db.transaction().execute(async (trx) => {
        await deps.settings.set(ComplaintSettingKeys.windowDays, String(input.windowDays), trx);
        await deps.settings.set(ComplaintSettingKeys.sellerHours, String(input.sellerHours), trx);
        await writeAudit(ctx, trx, { target: 'complaints:settings', before, after: input });
      });
      return complaintSettings(deps.settings);
    },

    // ---------- buyers ----------
    async eligibility(ctx: ActorContext, orderNo: string) {
      return eligibilityOf(await memberOrder(ctx, orderNo));
    },
    async openByMember(ctx: ActorContext, input: OpenInput) {
      return open(ctx, await memberOrder(ctx, input.orderNo), input);
    },
    async openByVisitor(ctx: RequestContext, input: OpenInput & VisitorProof) {
      return open(ctx, await visitorOrder(ctx, input), input);
    },
    async listMine(ctx: ActorContext, f: z.output<typeof myComplaintListInput>): Promise<Paged<ComplaintRow>> {
      let q = db.selectFrom('complaints').selectAll().where('user_id', '=', ctx.actor.id);
      if (f.status) q = q.where('status', '=', f.status);
      const page = await fetchPage(q.orderBy('id', 'desc'), f);
      const names = await goodsNames(page.list);
      return { ...page, list: page.list.map((c) => row(c, names.get(c.order_id) ?? '')) };
    },
    detail: async (ctx: RequestContext, id: number, as: Party) => detail(ctx, await loadAs(ctx, id, as), as),
    reply: async (ctx: RequestContext, id: number, as: Party, input: ReplyInput) =>
      reply(ctx, await loadAs(ctx, id, as), as, input),
    withdraw: async (ctx: ActorContext, id: number) => withdraw(ctx, await loadAs(ctx, id, 'buyer')),
    arbitrate: async (ctx: ActorContext, id: number) => arbitrate(ctx, await loadAs(ctx, id, 'buyer')),

    /** A visitor's complaint on their order (the newest), proven by the order's query password. */
    async visitorComplaint(ctx: RequestContext, proof: VisitorProof) {
      const o = await visitorOrder(ctx, proof);
      const c = await db
        .selectFrom('complaints')
        .selectAll()
        .where('order_id', '=', o.id)
        .where('user_id', 'is', null)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return { order: o, complaint: c ?? null, eligibility: await eligibilityOf(o) };
    },
    visitorDetail: (ctx: RequestContext, c: ComplaintRowDb) => detail(ctx, c, 'buyer'),
    visitorReply: (ctx: RequestContext, c: ComplaintRowDb, input: ReplyInput) => reply(ctx, c, 'buyer', input),
    visitorWithdraw: (ctx: RequestContext, c: ComplaintRowDb) => withdraw(ctx, c),
    visitorArbitrate: (ctx: RequestContext, c: ComplaintRowDb) => arbitrate(ctx, c),

    // ---------- sellers (suppliers) ----------
    async listSeller(ctx: ActorContext, f: z.output<typeof myComplaintListInput>): Promise<Paged<DeskComplaintRow>> {
      let q = db.selectFrom('complaints').selectAll().where('seller_id', '=', ctx.actor.id);
      if (f.status) q = q.where('status', '=', f.status);
      const page = await fetchPage(q.orderBy('id', 'desc'), f);
      // A seller sees the buyer as 买家 only: never the member's name or contacts.
      return { ...page, list: (await deskRows(page.list)).map((r) => forParty(r, 'seller')) };
    },

    // ---------- staff ----------
    async deskList(ctx: ActorContext, f: z.output<typeof deskComplaintListInput>): Promise<Paged<DeskComplaintRow>> {
      const now = Date.now();
      let q = db.selectFrom('complaints').selectAll();
      const live = [...LIVE_STATUSES];
      if (f.queue === 'new') q = q.where('status', 'in', live).where('assignee_id', 'is', null);
      if (f.queue === 'mine') q = q.where('status', 'in', live).where('assignee_id', '=', ctx.actor.id);
      if (f.queue === 'waiting') q = q.where('status', 'in', ['awaiting_seller', 'awaiting_buyer']);
      if (f.queue === 'arbitration') q = q.where('status', '=', 'arbitration');
      if (f.queue === 'overdue')
        q = q.where('status', 'in', [...SELLER_CLOCK_STATUSES]).where('seller_due_at', '<=', now);
      if (f.status) q = q.where('status', '=', f.status);
      if (f.orderNo) q = q.where('order_no', '=', f.orderNo);
      const page = await fetchPage(q.orderBy('updated_at', 'desc').orderBy('id', 'desc'), f);
      return { ...page, list: await deskRows(page.list) };
    },
    /** Complaints of one order, for the desk's order look-up. */
    async ofOrder(orderId: number): Promise<DeskComplaintRow[]> {
      const rows = await db
        .selectFrom('complaints')
        .selectAll()
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute();
      return deskRows(rows);
    },
    async assign(ctx: ActorContext, id: number, staffId: number | undefined) {
      const c = await load(id);
      if (c.status === 'closed') throw businessError('COMPLAINT_CLOSED');
      const to = staffId ?? ctx.actor.id;
      if (!(await deskStaff(db)).some((s) => s.id === to)) throw businessError('COMPLAINT_ASSIGNEE_INVALID');
      await db.transaction().execute(async (trx) => {
        const res = await trx
          .updateTable('complaints')
          .set({ assignee_id: to, updated_at: Date.now() })
          .where('id', '=', c.id)
          .where('status', '!=', 'closed')
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) throw businessError('COMPLAINT_CLOSED');
        if (ctx.audit)
          await writeAudit(ctx, trx, {
            target: `complaints:${c.id}`,
            before: { assignee: c.assignee_id },
            after: { assignee: to },
          });
      });
      return { assigneeId: to };
    },
    colleagues: () => deskStaff(db),
    decide,

    /**
     * The escalation job's step: complaints whose seller did not answer by their due time go to
     * platform arbitration. The move is conditional on the status and the due time, so a seller's
     * answer landing at the same moment wins or loses cleanly, and two instances move each once.
     */
    async escalateOverdue(now: number): Promise<number> {
      const due = await db
        .selectFrom('complaints')
        .selectAll()
        .where('status', 'in', [...SELLER_CLOCK_STATUSES])
        .where('seller_due_at', '<=', now)
        .orderBy('seller_due_at')
        .limit(ESCALATE_BATCH)
        .execute();
      let moved = 0;
      for (const c of due) {
        const done = await db.transaction().execute(async (trx) => {
          const res = await statusUpdate(trx, complaintMachine, c.status, 'arbitration', {
            seller_due_at: null,
            updated_at: now,
          })
            .where('id', '=', c.id)
            .where('seller_due_at', '<=', now)
            .executeTakeFirst();
          if (Number(res.numUpdatedRows) !== 1) return false;
          await trx
            .insertInto('complaint_messages')
            .values({
              complaint_id: c.id,
              author_role: 'system',
              author_id: null,
              body: '卖家未在规定时间内回复，已转平台介入处理',
              created_at: now,
            })
            .execute();
          await publishEvent(trx, 'complaint.escalated', { ...refs(c), cause: 'seller_timeout' }, now);
          return true;
        });
        if (done) moved++;
      }
      return moved;
    },
  };
}

export type ComplaintsService = ReturnType<typeof complaintsService>;
