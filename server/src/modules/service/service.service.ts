import {
  ConsultStatusLabels,
  PaymentStatusLabels,
  memberText,
  payMethodLabel,
  type ConsultAskAnswer,
  type ConsultDetail,
  type ConsultMessageView,
  type ConsultRow,
  type DeskConsultDetail,
  type DeskConsultRow,
  type DeskMemberView,
  type DeskOrderRow,
  type DeskOrderView,
  type Paged,
  type PaymentStatus,
  type ServiceReplyView,
  type deskConsultListInput,
  type deskMemberOrdersInput,
  type serviceReplySaveInput,
  type z,
} from '@kapu/contract';
import type { Selectable } from 'kysely';
import { writeAudit } from '../../core/calls.js';
import type { ActorContext, RequestContext } from '../../core/context.js';
import { randomToken, sha256 } from '../../core/crypto.js';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import { publishEvent } from '../../core/events.js';
import { defineMachine, moveStatus } from '../../core/fsm.js';
import { fetchPage } from '../../core/paging.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { maskEmail, maskMobile, memberLabels, membersForDesk } from '../accounts/index.js';
import type { ComplaintsService } from '../complaints/index.js';
import { balanceOf } from '../funds/index.js';
import { ordersRepo, type OrdersService } from '../orders/index.js';
import { paymentsOfOrder } from '../payments/index.js';
import { staffUsernames } from '../staff/index.js';
import type { ConsultationsTable } from './tables.js';

type Consultation = Selectable<ConsultationsTable>;

/**
 * A consultation waits for staff; a staff answer makes it answered; the asker writing again makes it
 * wait again; staff close it when done. Nothing leaves closed (a new question is a new consultation).
 */
export const consultMachine = defineMachine<ConsultationsTable['status'], 'consultations'>(
  'consultation',
  {
    waiting: ['answered', 'closed'],
    answered: ['waiting', 'closed'],
    closed: [],
  },
  { table: 'consultations' },
);

/** What the desk reads beyond its own tables, passed in by app.ts. */
export interface DeskPorts {
  orders: Pick<OrdersService, 'adminDetail' | 'adminList'>;
  complaints: Pick<ComplaintsService, 'ofOrder'>;
}

const preview = (text: string) => {
  const line = text.split('\n')[0]!.trim();
  return line.length > 40 ? `${line.slice(0, 40)}…` : line;
};

export function serviceDesk(deps: Deps, ports: DeskPorts) {
  const { db, config } = deps;
  const time = (ms: number | null | undefined) => (ms ? formatDateTime(ms, config.timeZone) : '');

  async function firstMessages(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('consultation_messages')
      .select(['consultation_id', 'body', 'id'])
      .where('consultation_id', 'in', ids)
      .where('author_role', '=', 'asker')
      .orderBy('id')
      .execute();
    const out = new Map<number, string>();
    for (const r of rows) if (!out.has(Number(r.consultation_id))) out.set(Number(r.consultation_id), r.body);
    return out;
  }

  function row(c: Consultation, first: string): ConsultRow {
    return {
      id: Number(c.id),
      orderNo: c.order_no,
      preview: preview(first),
      status: c.status,
      statusText: ConsultStatusLabels[c.status],
      createdAt: time(c.created_at),
      lastAt: time(c.last_message_at),
    };
  }

  async function deskRows(rows: Consultation[]): Promise<DeskConsultRow[]> {
    const first = await firstMessages(rows.map((r) => Number(r.id)));
    const members = await memberLabels(
      db,
      rows.map((r) => r.user_id),
    );
    const staff = await staffUsernames(db, [
      ...new Set(rows.map((r) => r.assignee_id).filter((v): v is number => v !== null)),
    ]);
    return rows.map((c) => ({
      ...row(c, first.get(Number(c.id)) ?? ''),
      asker: c.user_id ? memberText(members.get(c.user_id)) : '游客',
      contact: c.user_id ? '' : c.contact,
      assignee: c.assignee_id ? (staff.get(c.assignee_id) ?? '') : '',
    }));
  }

  async function messagesOf(c: Consultation, forStaff: boolean): Promise<ConsultMessageView[]> {
    const rows = await db
      .selectFrom('consultation_messages')
      .selectAll()
      .where('consultation_id', '=', c.id)
      .orderBy('id')
      .execute();
    const staff = await staffUsernames(db, [
      ...new Set(rows.filter((r) => r.author_role === 'staff' && r.author_id).map((r) => Number(r.author_id))),
    ]);
    const asker = forStaff && c.user_id ? memberText((await memberLabels(db, [c.user_id])).get(c.user_id)) : '游客';
    return rows.map((m) => ({
      id: Number(m.id),
      role: m.author_role,
      author:
        m.author_role === 'staff'
          ? forStaff
            ? `客服 ${staff.get(Number(m.author_id)) ?? ''}`.trim()
            : '客服'
          : forStaff
            ? asker
            : '我',
      body: m.body,
      createdAt: time(m.created_at),
    }));
  }

  async function load(id: number): Promise<Consultation> {
    const c = await db.selectFrom('consultations').selectAll().where('id', '=', id).executeTakeFirst();
    if (!c) throw businessError('CONSULT_NOT_FOUND');
    return c;
  }
  async function mine(ctx: ActorContext, id: number): Promise<Consultation> {
    const c = await load(id).catch(() => null);
    if (!c || c.user_id !== ctx.actor.id) throw businessError('CONSULT_NOT_FOUND');
    return c;
  }
  async function byToken(token: string): Promise<Consultation> {
    const c = await db
      .selectFrom('consultations')
      .selectAll()
      .where('token_hash', '=', sha256(token))
      .executeTakeFirst();
    if (!c || c.user_id !== null) throw businessError('CONSULT_NOT_FOUND');
    return c;
  }

  async function addMessage(
    trx: Db,
    c: { id: number },
    role: 'asker' | 'staff',
    authorId: number | null,
    body: string,
    now: number,
  ) {
    await trx
      .insertInto('consultation_messages')
      .values({ consultation_id: c.id, author_role: role, author_id: authorId, body, created_at: now })
      .execute();
  }

  async function ask(
    ctx: RequestContext,
    input: { content: string; orderNo?: string; contact?: string },
  ): Promise<ConsultAskAnswer> {
    const member = ctx.area === 'user' ? ctx.actor : null;
    if (input.orderNo && member) {
      const o = await ordersRepo.byNoAnySite(db, input.orderNo);
      if (!o || o.user_id !== member.id) throw businessError('CONSULT_ORDER_NOT_FOUND');
    }
    const token = member ? '' : randomToken(24);
    const now = Date.now();
    const id = await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('consultations')
        .values({
          site_id: ctx.site.id,
          user_id: member?.id ?? null,
          token_hash: member ? null : sha256(token),
          order_no: input.orderNo ?? '',
          contact: member ? '' : (input.contact ?? ''),
          status: 'waiting',
          assignee_id: null,
          created_at: now,
          updated_at: now,
          last_message_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await addMessage(trx, { id: Number(id) }, 'asker', member?.id ?? null, input.content, now);
      return Number(id);
    });
    return { id, token };
  }

  async function askerReply(c: Consultation, authorId: number | null, content: string) {
    if (c.status === 'closed') throw businessError('CONSULT_CLOSED');
    const now = Date.now();
    await db.transaction().execute(async (trx) => {
      if (c.status === 'answered') {
        if (
          !(await moveStatus(trx, consultMachine, c.id, 'answered', 'waiting', {
            updated_at: now,
            last_message_at: now,
          }))
        )
          throw businessError('CONSULT_CLOSED');
      } else {
        const res = await trx
          .updateTable('consultations')
          .set({ updated_at: now, last_message_at: now })
          .where('id', '=', c.id)
          .where('status', '=', 'waiting')
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) throw businessError('CONSULT_CLOSED');
      }
      await addMessage(trx, c, 'asker', authorId, content, now);
    });
    return { status: 'waiting' as const };
  }

  const askerDetail = async (c: Consultation): Promise<ConsultDetail> => {
    const first = await firstMessages([Number(c.id)]);
    return {
      ...row(c, first.get(Number(c.id)) ?? ''),
      messages: await messagesOf(c, false),
      canReply: c.status !== 'closed',
    };
  };

  return {
    // ---------- askers ----------
    ask,
    async myList(ctx: ActorContext, f: { page: number; pageSize: number }): Promise<Paged<ConsultRow>> {
      const page = await fetchPage(
        db.selectFrom('consultations').selectAll().where('user_id', '=', ctx.actor.id).orderBy('id', 'desc'),
        f,
      );
      const first = await firstMessages(page.list.map((c) => Number(c.id)));
      return { ...page, list: page.list.map((c) => row(c, first.get(Number(c.id)) ?? '')) };
    },
    myDetail: async (ctx: ActorContext, id: number) => askerDetail(await mine(ctx, id)),
    myReply: async (ctx: ActorContext, id: number, content: string) =>
      askerReply(await mine(ctx, id), ctx.actor.id, content),
    visitorDetail: async (token: string) => askerDetail(await byToken(token)),
    visitorReply: async (token: string, content: string) => askerReply(await byToken(token), null, content),

    // ---------- the desk ----------
    async deskList(ctx: ActorContext, f: z.output<typeof deskConsultListInput>): Promise<Paged<DeskConsultRow>> {
      let q = db.selectFrom('consultations').selectAll();
      if (f.queue === 'waiting') q = q.where('status', '=', 'waiting');
      if (f.queue === 'answered') q = q.where('status', '=', 'answered');
      if (f.queue === 'closed') q = q.where('status', '=', 'closed');
      if (f.queue === 'mine') q = q.where('assignee_id', '=', ctx.actor.id).where('status', '!=', 'closed');
      // Waiting longest first; the rest newest first.
      q = f.queue === 'waiting' ? q.orderBy('last_message_at', 'asc') : q.orderBy('last_message_at', 'desc');
      const page = await fetchPage(q.orderBy('id', 'desc'), f);
      return { ...page, list: await deskRows(page.list) };
    },
    async deskDetail(id: number): Promise<DeskConsultDetail> {
      const c = await load(id);
      const [desk] = await deskRows([c]);
      return { ...desk!, messages: await messagesOf(c, true), canReply: c.status !== 'closed' };
    },
    async deskReply(ctx: ActorContext, id: number, content: string) {
      const c = await load(id);
      if (c.status === 'closed') throw businessError('CONSULT_CLOSED');
      const now = Date.now();
      await db.transaction().execute(async (trx) => {
        const set = { updated_at: now, last_message_at: now, assignee_id: c.assignee_id ?? ctx.actor.id };
        const moved =
          c.status === 'waiting'
            ? await moveStatus(trx, consultMachine, c.id, 'waiting', 'answered', set)
            : Number(
                (
                  await trx
                    .updateTable('consultations')
                    .set(set)
                    .where('id', '=', c.id)
                    .where('status', '=', 'answered')
                    .executeTakeFirst()
                ).numUpdatedRows,
              ) === 1;
        if (!moved) throw businessError('CONSULT_CLOSED');
        await addMessage(trx, c, 'staff', ctx.actor.id, content, now);
        await publishEvent(
          trx,
          'consultation.answered',
          { consultationId: Number(c.id), siteId: c.site_id, userId: c.user_id, staffId: ctx.actor.id },
          now,
        );
      });
      return { status: 'answered' as const };
    },
    async deskClose(ctx: ActorContext, id: number) {
      const c = await load(id);
      if (c.status === 'closed') throw businessError('CONSULT_CLOSED');
      const now = Date.now();
      if (
        !(await moveStatus(db, consultMachine, c.id, c.status, 'closed', {
          updated_at: now,
          assignee_id: c.assignee_id ?? ctx.actor.id,
        }))
      )
        throw businessError('CONSULT_CLOSED');
      return { status: 'closed' as const };
    },

    // ---------- pre-written answers ----------
    async replies(): Promise<ServiceReplyView[]> {
      const rows = await db.selectFrom('service_replies').selectAll().orderBy('sort').orderBy('id').execute();
      return rows.map((r) => ({ id: Number(r.id), title: r.title, body: r.body, sort: Number(r.sort) }));
    },
    async saveReply(ctx: ActorContext, input: z.output<typeof serviceReplySaveInput>) {
      const now = Date.now();
      return db.transaction().execute(async (trx) => {
        if (input.id) {
          const before = await trx
            .selectFrom('service_replies')
            .selectAll()
            .where('id', '=', input.id)
            .executeTakeFirst();
          if (!before) throw businessError('SERVICE_REPLY_NOT_FOUND');
          await trx
            .updateTable('service_replies')
            .set({ title: input.title, body: input.body, sort: input.sort, updated_at: now })
            .where('id', '=', input.id)
            .execute();
          await writeAudit(ctx, trx, { action: 'service.replyUpdate', id: input.id, before, after: input });
          return { id: input.id };
        }
        const { id } = await trx
          .insertInto('service_replies')
          .values({ title: input.title, body: input.body, sort: input.sort, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeAudit(ctx, trx, { action: 'service.replyCreate', id: Number(id), after: input });
        return { id: Number(id) };
      });
    },
    async deleteReply(ctx: ActorContext, id: number) {
      await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('service_replies').selectAll().where('id', '=', id).executeTakeFirst();
        if (!before) throw businessError('SERVICE_REPLY_NOT_FOUND');
        await trx.deleteFrom('service_replies').where('id', '=', id).execute();
        await writeAudit(ctx, trx, { id, before });
      });
      return { id };
    },

    // ---------- look-ups ----------
    async findMembers(keyword: string): Promise<DeskMemberView[]> {
      const rows = await membersForDesk(db, keyword);
      if (rows.length === 0) throw businessError('SERVICE_MEMBER_NOT_FOUND');
      const out: DeskMemberView[] = [];
      for (const m of rows)
        out.push({
          id: Number(m.id),
          userNo: m.user_no,
          loginName: m.login_name,
          nickname: m.nickname,
          mobile: maskMobile(m.mobile),
          email: maskEmail(m.email),
          qq: m.qq,
          balance: await balanceOf(db, Number(m.id)),
          status: m.status === 'active' ? '正常' : '已禁用',
          createdAt: time(m.created_at),
        });
      return out;
    },
    memberOrders(ctx: ActorContext, f: z.output<typeof deskMemberOrdersInput>): Promise<Paged<DeskOrderRow>> {
      return ports.orders.adminList(ctx, { userId: f.userId, page: f.page, pageSize: f.pageSize });
    },
    async order(ctx: ActorContext, orderNo: string): Promise<DeskOrderView> {
      const row = await ordersRepo.byNoAnySite(db, orderNo);
      if (!row) throw businessError('SERVICE_ORDER_NOT_FOUND');
      const order = await ports.orders.adminDetail(ctx, orderNo);
      const payments = await paymentsOfOrder(db, row.id);
      const complaints = await ports.complaints.ofOrder(row.id);
      const history: Array<[number | null, string]> = [
        [row.created_at, '下单'],
        [row.paid_at, `付款（${payMethodLabel(row.pay_method)}）`],
        [row.shipped_at, '发货'],
        [row.delivered_at, '交付完成'],
        [
          row.refunded_at,
          `退款，累计 ¥${(Number(row.refund_amount) / 100).toFixed(2)}${row.refund_reason ? `：${row.refund_reason}` : ''}`,
        ],
      ];
      return {
        order,
        payments: payments.map((p) => ({
          paymentNo: p.payment_no,
          gateway: payMethodLabel(p.gateway),
          amount: Number(p.amount),
          refunded: Number(p.refunded_amount),
          status: PaymentStatusLabels[p.status as PaymentStatus] ?? p.status,
          createdAt: time(p.created_at),
          paidAt: time(p.paid_at),
        })),
        history: history.filter(([at]) => at !== null).map(([at, text]) => ({ at: time(at), text })),
        complaints,
      };
    },
  };
}

export type ServiceDesk = ReturnType<typeof serviceDesk>;
