import { ProcurementStatusLabels, type DockingReconcileAnswer, type DockingReconcileRow } from '@kapu/contract';
import { csvCell, csvDocument } from '../../core/csv.js';
import { startOfDay } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import type { ConnectionsService, DockingScope } from './connections.js';
import { UpstreamError, type UpstreamOrder } from './driver.js';
import { driverFor } from './drivers/index.js';
import { outerNumberOf, partsOf } from './rules.js';

const DAY = 86_400_000;
const yuan = (fen: number | null) => (fen === null ? '' : (fen / 100).toFixed(2));
const STATE_TEXT: Record<UpstreamOrder['state'], string> = {
  delivered: '已完成',
  pending: '处理中',
  failed: '失败/已退款',
};

/**
 * Reconciliation (对账) of one connection and day: our procurement orders placed there, beside what
 * the upstream answers about each (queryOrder): amounts and outcomes, mismatches marked; CSV export.
 */
export function reconcileService(deps: Deps, connections: ConnectionsService) {
  const { db, config } = deps;

  async function run(scope: DockingScope, connectionId: number, date: string): Promise<DockingReconcileAnswer> {
    const c = await connections.byId(scope.siteId, connectionId);
    const [y, m, d] = date.split('-').map(Number);
    const from = startOfDay(Date.UTC(y!, m! - 1, d!, 12), config.timeZone);
    const rows = await db
      .selectFrom('docking_procurements')
      .selectAll()
      // The current part placed there, or earlier (short) parts that may have been.
      .where((eb) => eb.or([eb('connection_id', '=', c.id), eb('parts', '!=', '[]')]))
      .where('site_id', '=', scope.siteId)
      .where('created_at', '>=', from)
      .where('created_at', '<', from + DAY)
      .orderBy('id')
      .limit(2000)
      .execute();
    const driver = driverFor(c.protocol);
    const endpoint = connections.endpointOf(c);
    const out: DockingReconcileRow[] = [];
    let amount = 0;
    let upstreamAmount = 0;
    // One row per upstream order at this connection: the settled (short) parts, then the current one.
    const orders: Array<{
      procurementNo: string;
      outerNumber: string;
      upstreamOrderNo: string;
      ours: number;
      ourStatus: string;
      done: boolean;
      /** The upstream may not know it (we never reached it, or it refused). */
      absentOk: boolean;
    }> = [];
    for (const p of rows) {
      const parts = partsOf(p.parts);
      for (const x of parts)
        if (x.connectionId === c.id)
          orders.push({
            procurementNo: p.procurement_no,
            outerNumber: x.outerNumber,
            upstreamOrderNo: x.upstreamOrderNo,
            ours: x.charged ?? 0,
            ourStatus: `少发（${x.cards}/${x.quantity}）`,
            done: true,
            absentOk: false,
          });
      if (p.connection_id !== c.id) continue;
      const earlier = parts.reduce((sum, x) => sum + (x.charged ?? 0), 0);
      orders.push({
        procurementNo: p.procurement_no,
        outerNumber: outerNumberOf(p),
        upstreamOrderNo: p.upstream_order_no,
        ours: p.status === 'delivered' ? (p.charged ?? 0) - earlier : 0,
        ourStatus: ProcurementStatusLabels[p.status],
        done: p.status === 'delivered',
        absentOk: p.status === 'refunded' || p.status === 'failed',
      });
    }
    for (const p of orders) {
      let theirs: UpstreamOrder | null = null;
      let note = '';
      try {
        theirs = await driver.queryOrder(endpoint, {
          outerNumber: p.outerNumber,
          upstreamOrderNo: p.upstreamOrderNo,
        });
        if (!theirs) note = '上游查无此单';
      } catch (err) {
        if (!(err instanceof UpstreamError)) throw err;
        note = `查询失败：${err.message}`;
      }
      const ours = p.ours;
      const theirCharge = theirs && theirs.state === 'delivered' ? (theirs.charged ?? ours) : 0;
      amount += ours;
      upstreamAmount += theirCharge;
      const statusMatch = !theirs ? p.absentOk : (theirs.state === 'delivered') === p.done;
      const match = !note.startsWith('查询失败') && statusMatch && ours === theirCharge;
      if (!match && !note)
        note = ours !== theirCharge ? `金额不一致：我方 ${yuan(ours)}，上游 ${yuan(theirCharge)}` : '状态不一致';
      out.push({
        procurementNo: p.outerNumber,
        upstreamOrderNo: theirs?.upstreamOrderNo || p.upstreamOrderNo,
        ours: yuan(ours),
        ourStatus: p.ourStatus,
        theirs: theirs ? yuan(theirCharge) : '',
        theirStatus: theirs ? STATE_TEXT[theirs.state] : '',
        match,
        note,
      });
    }
    return {
      date,
      orders: orders.length,
      amount: yuan(amount),
      upstreamAmount: yuan(upstreamAmount),
      mismatches: out.filter((r) => !r.match).length,
      rows: out,
    };
  }

  return {
    run,
    async exportCsv(scope: DockingScope, connectionId: number, date: string) {
      const answer = await run(scope, connectionId, date);
      const lines = answer.rows.map((r) =>
        [
          r.procurementNo,
          r.upstreamOrderNo,
          r.ours,
          r.ourStatus,
          r.theirs,
          r.theirStatus,
          r.match ? '一致' : '不一致',
          r.note,
        ].map((v) => csvCell(v)),
      );
      return {
        filename: `对账-${connectionId}-${date}.csv`,
        count: lines.length,
        content: csvDocument(
          ['采购单号', '上游订单号', '我方金额', '我方状态', '上游金额', '上游状态', '结果', '说明'],
          lines,
        ),
      };
    },
  };
}
export type ReconcileService = ReturnType<typeof reconcileService>;
