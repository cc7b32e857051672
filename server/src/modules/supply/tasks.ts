import {
  GoodsTypeLabels,
  TaskStatusLabels,
  readBuyerInputs,
  type Paged,
  type SupplierTaskRow,
  type supplierTaskListInput,
  type taskDoneInput,
  type z,
} from '@kapu/contract';
import type { ActorContext } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import { publishEvent } from '../../core/events.js';
import { moveStatus, statusUpdate } from '../../core/fsm.js';
import { enqueueJob } from '../../core/jobs.js';
import { fetchPage } from '../../core/paging.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { moveOrderByHand, ordersRepo, type OrderRow } from '../orders/index.js';
import { taskMachine } from './machines.js';
import { supplyDelivered } from './money.js';
import { requireSupplier, supplierByUser } from './suppliers.js';
import { supplySettings } from './supply-settings.js';

export const TASK_TIMEOUT_JOB = 'supply.taskTimeout';
const HOUR = 3_600_000;

/** The refund flow (flows/checkout.ts refundOrder), passed in by app.ts: supply never imports flows. */
export interface SupplyFlows {
  refundOrder(
    db: Db,
    orderId: number,
    reason: string,
    operator: string,
    paidBack?: 'gateway' | 'manual',
    within?: (trx: Db) => Promise<void>,
  ): Promise<OrderRow['status']>;
}

/** Goods the supplier fulfils by hand: everything but cards (sold automatically). */
const HAND_TYPES = new Set<OrderRow['goods_type']>(['manual', 'recharge', 'physical']);

function parseProofs(raw: string): string[] {
  try {
    const v = JSON.parse(raw) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Fulfilment tasks (/supply/handOrder): a paid manual, recharge or physical order of an active
 * supplier's goods waits for them; they accept, fill the result or proof and mark it done (delivered
 * through orders' hand-delivery path, physical goods shipped) or failed (refunded through the refund
 * flow). A task not accepted within the setting's hours goes back to the platform or is refunded.
 */
export function supplyTasksService(deps: Deps, flows: SupplyFlows) {
  const { db, config } = deps;
  const time = (ms: number | null) => (ms ? formatDateTime(ms, config.timeZone) : '');

  /** The task for a paid order (event order.paid), once; its timeout job is due at the deadline. */
  async function createTask(trx: Db, orderId: number, now: number): Promise<void> {
    const o = await ordersRepo.byId(trx, orderId);
    if (!o || o.goods_owner_id === null || !HAND_TYPES.has(o.goods_type) || o.status !== 'pending') return;
    const supplier = await supplierByUser(trx, o.goods_owner_id);
    // A suspended supplier's orders stay with the platform (staff deliver them).
    if (!supplier || supplier.status !== 'active') return;
    const deadline = now + supplySettings(deps.settings).taskTimeoutHours * HOUR;
    const row = await trx
      .insertInto('supply_tasks')
      .values({
        order_id: o.id,
        supplier_user_id: o.goods_owner_id,
        status: 'waiting',
        result: '',
        proofs: '[]',
        deadline_at: deadline,
        created_at: now,
        accepted_at: null,
        finished_at: null,
      })
      .onConflict((oc) => oc.column('order_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return;
    await enqueueJob(
      trx,
      TASK_TIMEOUT_JOB,
      { taskId: row.id },
      { runAt: deadline, uniqueKey: `${TASK_TIMEOUT_JOB}:${row.id}` },
    );
    await publishEvent(
      trx,
      'supply.taskCreated',
      { taskId: row.id, orderNo: o.order_no, userId: o.goods_owner_id, goodsName: o.goods_name },
      now,
    );
  }

  deps.events.on(
    'order.paid',
    'supply.tasks',
    async (event, trx) => {
      await createTask(trx, event.payload.orderId, Date.now());
    },
    // Card orders deliver themselves; only hand-delivered goods make tasks (goodsType absent: older events).
    { wants: (p) => p.goodsType === undefined || HAND_TYPES.has(p.goodsType) },
  );

  /** Not accepted in time: back to the platform's staff, or refunded, as 供货设置 says. */
  deps.jobs.register(TASK_TIMEOUT_JOB, async (payload) => {
    const { taskId } = payload as { taskId: number };
    const task = await db.selectFrom('supply_tasks').selectAll().where('id', '=', taskId).executeTakeFirst();
    if (!task || task.status !== 'waiting') return;
    const now = Date.now();
    if (supplySettings(deps.settings).timeoutAction === 'refund') {
      const o = await ordersRepo.byId(db, task.order_id);
      if (!o || o.status !== 'pending') return;
      await flows
        .refundOrder(db, o.id, '供货商超时未接单，系统自动退款', 'system', 'manual', async (trx) => {
          if (!(await moveStatus(trx, taskMachine, task.id, 'waiting', 'refunded', { finished_at: now })))
            throw businessError('SUPPLY_TASK_STATE');
        })
        .catch((err: unknown) => {
          // Accepted or handled meanwhile: nothing to do.
          if ((err as { code?: number }).code === undefined) throw err;
        });
      return;
    }
    await moveStatus(db, taskMachine, task.id, 'waiting', 'returned', { finished_at: now });
  });

  async function mine(ctx: ActorContext, id: number) {
    const s = await requireSupplier(db, ctx);
    const task = await db
      .selectFrom('supply_tasks')
      .selectAll()
      .where('id', '=', id)
      .where('supplier_user_id', '=', s.user_id)
      .executeTakeFirst();
    if (!task) throw businessError('SUPPLY_TASK_NOT_FOUND');
    const order = await ordersRepo.byId(db, task.order_id);
    if (!order) throw businessError('SUPPLY_TASK_NOT_FOUND');
    return { s, task, order };
  }

  return {
    createTask,

    async list(ctx: ActorContext, input: z.infer<typeof supplierTaskListInput>): Promise<Paged<SupplierTaskRow>> {
      const s = await requireSupplier(db, ctx);
      let q = db.selectFrom('supply_tasks').selectAll().where('supplier_user_id', '=', s.user_id);
      if (input.status) q = q.where('status', '=', input.status);
      if (input.orderNo) {
        const o = await ordersRepo.byNoAnySite(db, input.orderNo);
        q = q.where('order_id', '=', o?.id ?? 0);
      }
      const page = await fetchPage(q.orderBy('id', 'desc'), input);
      const list: SupplierTaskRow[] = [];
      for (const t of page.list) {
        const o = await ordersRepo.byId(db, t.order_id);
        if (!o) continue;
        const open = t.status === 'waiting' || t.status === 'accepted';
        list.push({
          id: t.id,
          orderNo: o.order_no,
          goodsName: o.goods_name,
          goodsType: o.goods_type,
          goodsTypeText: GoodsTypeLabels[o.goods_type],
          quantity: o.quantity,
          status: t.status,
          statusText: TaskStatusLabels[t.status],
          // What fulfilment needs, only while the task is theirs to do.
          buyerInputs: open ? readBuyerInputs(o.recharge_inputs) : [],
          remark: open ? o.remark : '',
          ship:
            open && o.goods_type === 'physical'
              ? { name: o.ship_name ?? '', phone: o.ship_phone ?? '', address: o.ship_address ?? '' }
              : null,
          result: t.result,
          proofs: parseProofs(t.proofs),
          deadline: t.status === 'waiting' ? time(t.deadline_at) : '',
          createdAt: time(t.created_at),
          acceptedAt: time(t.accepted_at),
          finishedAt: time(t.finished_at),
        });
      }
      return { ...page, list };
    },

    async accept(ctx: ActorContext, id: number) {
      const { task, order } = await mine(ctx, id);
      if (task.status !== 'waiting' || order.status !== 'pending') throw businessError('SUPPLY_TASK_STATE');
      if (!(await moveStatus(db, taskMachine, task.id, 'waiting', 'accepted', { accepted_at: Date.now() })))
        throw businessError('SUPPLY_TASK_STATE');
      return { status: 'accepted' as const };
    },

    /**
     * Done: manual and recharge orders are delivered with the result (and the proof images' links);
     * physical goods are shipped with the carrier and tracking number (staff confirm receipt).
     */
    async done(ctx: ActorContext, input: z.infer<typeof taskDoneInput>) {
      const { task, order } = await mine(ctx, input.id);
      if (task.status !== 'accepted') throw businessError('SUPPLY_TASK_STATE');
      const proofs = input.proofs ?? [];
      const result = input.result ?? '';
      const now = Date.now();
      if (order.goods_type === 'physical') {
        if (!input.carrier || !input.trackingNo) throw businessError('SUPPLY_TASK_EXPRESS_REQUIRED');
      } else if (!result && proofs.length === 0) throw businessError('SUPPLY_TASK_RESULT_REQUIRED');
      const text = [result, ...(proofs.length ? ['凭证图片：', ...proofs] : [])].filter(Boolean).join('\n');
      await db.transaction().execute(async (trx) => {
        if (
          !(await moveStatus(trx, taskMachine, task.id, 'accepted', 'done', {
            result: order.goods_type === 'physical' ? `${input.carrier} ${input.trackingNo}` : result,
            proofs: JSON.stringify(proofs),
            finished_at: now,
          }))
        )
          throw businessError('SUPPLY_TASK_STATE');
        if (order.status !== 'pending') throw businessError('SUPPLY_TASK_STATE');
        if (order.goods_type === 'physical')
          await moveOrderByHand(
            trx,
            order,
            'pending',
            'shipped',
            {
              express_carrier: input.carrier!,
              express_no: input.trackingNo!,
              shipped_at: now,
              delivery_text: text || null,
            },
            now,
            'supplier',
            supplyDelivered,
          );
        else
          await moveOrderByHand(
            trx,
            order,
            'pending',
            'delivered',
            { delivery_text: text, delivered_at: now },
            now,
            'supplier',
            supplyDelivered,
          );
      });
      return { status: 'done' as const };
    },

    /** Failed: the buyer is refunded through the refund flow, in the transaction that closes the task. */
    async fail(ctx: ActorContext, id: number, reason: string) {
      const { task, order } = await mine(ctx, id);
      if (task.status !== 'waiting' && task.status !== 'accepted') throw businessError('SUPPLY_TASK_STATE');
      if (order.status !== 'pending') throw businessError('SUPPLY_TASK_STATE');
      const now = Date.now();
      const status = await flows.refundOrder(
        db,
        order.id,
        `供货商无法发货：${reason}`,
        `supplier:${ctx.actor.name}`,
        'manual',
        async (trx) => {
          if (
            !(await moveStatus(trx, taskMachine, task.id, task.status, 'failed', { result: reason, finished_at: now }))
          )
            throw businessError('SUPPLY_TASK_STATE');
        },
      );
      return { status: 'failed' as const, orderStatus: status };
    },
  };
}
export type SupplyTasksService = ReturnType<typeof supplyTasksService>;

/** Staff delivered or refunded the order themselves: its open task closes. */
export async function closeOpenTasks(trx: Db, orderId: number, now: number): Promise<void> {
  await statusUpdate(trx, taskMachine, ['waiting', 'accepted', 'returned'], 'closed', { finished_at: now })
    .where('order_id', '=', orderId)
    .execute();
}
