import {
  SettlementStatusLabels,
  type Paged,
  type SettlementRow,
  type SettlementSummary,
  type settlementListInput,
  type z,
} from '@kapu/contract';
import type { ActorContext } from '../../core/context.js';
import { fetchPage } from '../../core/paging.js';
import { formatDateTime, startOfDay } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { balanceOf } from '../funds/index.js';
import { heldAmong, settlementDays, settlementTotals } from './settlements.js';
import { requireSupplier } from './suppliers.js';

const DAYS = 30;

/** 入账明细: the supplier's settlement entries, totals per day and their balance. */
export function supplyEntriesService(deps: Deps) {
  const { db, config } = deps;
  const time = (ms: number | null) => (ms ? formatDateTime(ms, config.timeZone) : '');

  return {
    async list(ctx: ActorContext, input: z.infer<typeof settlementListInput>): Promise<Paged<SettlementRow>> {
      const s = await requireSupplier(db, ctx);
      let q = db.selectFrom('supply_settlements').selectAll().where('user_id', '=', s.user_id);
      if (input.status) q = q.where('status', '=', input.status);
      if (input.orderNo) q = q.where('order_no', '=', input.orderNo);
      if (input.from) q = q.where('created_at', '>=', input.from);
      if (input.to) q = q.where('created_at', '<=', input.to);
      const page = await fetchPage(q.orderBy('id', 'desc'), input);
      const held = await heldAmong(
        db,
        deps.holds,
        page.list.filter((e) => e.status === 'frozen').map((e) => e.order_id),
      );
      return {
        ...page,
        list: page.list.map((e) => ({
          id: e.id,
          orderNo: e.order_no,
          goodsName: e.goods_name,
          quantity: e.quantity,
          cost: Number(e.cost),
          commissionBp: e.commission_bp,
          commission: Number(e.commission),
          amount: Number(e.amount),
          reversed: Number(e.reversed_amount),
          status: e.status,
          statusText: held.has(e.order_id) ? '投诉冻结' : SettlementStatusLabels[e.status],
          held: held.has(e.order_id),
          dueAt: time(e.due_at),
          createdAt: time(e.created_at),
          releasedAt: time(e.released_at),
        })),
      };
    },

    async summary(ctx: ActorContext): Promise<SettlementSummary> {
      const s = await requireSupplier(db, ctx);
      const now = Date.now();
      const from = startOfDay(now - (DAYS - 1) * 86_400_000, config.timeZone);
      const [totals, days, balance] = await Promise.all([
        settlementTotals(db, [s.user_id]),
        settlementDays(db, s.user_id, from, DAYS),
        balanceOf(db, s.user_id),
      ]);
      const t = totals.get(s.user_id) ?? { frozen: 0, released: 0, reversed: 0 };
      return {
        balance,
        ...t,
        days: days
          .map((d) => ({
            day: time(d.start + 12 * 3_600_000).slice(0, 10),
            frozen: d.frozen,
            released: d.released,
            reversed: d.reversed,
          }))
          .reverse(),
      };
    },
  };
}
