import { RepealStatusLabels, myRepealListInput, type MyRepealRow, type Paged, type z } from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../core/calls.js';
import type { ActorContext } from '../../core/context.js';
import { cardBoxFor } from '../../core/secret-box.js';
import { fetchPage, mapPage } from '../../core/paging.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { repealRowsTable, splitCard } from '../stock/index.js';

/** The member's own card void requests (/inside/cardRepeal), newest first; read-only. */
export function myRepealsService({ db, config }: Pick<Deps, 'db' | 'config'>) {
  const box = cardBoxFor(config.dataDir);
  const time = (ms: number | null) => (ms ? formatDateTime(ms, config.timeZone) : '');
  return {
    async list(ctx: ActorContext, f: z.output<typeof myRepealListInput>): Promise<Paged<MyRepealRow>> {
      let q = db
        .selectFrom('orders')
        .innerJoin(repealRowsTable(db, 'oc'), 'oc.order_id', 'orders.id')
        .where('orders.user_id', '=', ctx.actor.id)
        .where('orders.site_id', '=', ctx.site.id);
      q = f.status ? q.where('oc.repeal_status', '=', f.status) : q.where('oc.repeal_status', '!=', 'none');
      if (f.orderNo) q = q.where('orders.order_no', '=', f.orderNo);
      const rows = q
        .select([
          'oc.id',
          'orders.order_no',
          'orders.goods_name',
          'orders.unit_price',
          'oc.secret',
          'oc.repeal_status',
          'oc.repeal_reason',
          'oc.repeal_note',
          'oc.repeal_requested_at',
          'oc.repeal_handled_at',
        ])
        .orderBy('oc.repeal_requested_at', 'desc')
        .orderBy('oc.id', 'desc');
      return mapPage(await fetchPage(rows, f), (r): MyRepealRow => {
        const status = r.repeal_status as MyRepealRow['status'];
        return {
          cardId: r.id,
          orderNo: r.order_no,
          goodsName: r.goods_name,
          card: splitCard(box.open(r.secret)).card,
          amount: Number(r.unit_price),
          status,
          statusText: RepealStatusLabels[status],
          reason: r.repeal_reason ?? '',
          note: r.repeal_note ?? '',
          requestedAt: time(r.repeal_requested_at),
          handledAt: time(r.repeal_handled_at),
        };
      });
    },
  };
}

export function registerMyRepealRoutes(app: FastifyInstance, deps: Pick<Deps, 'db' | 'config'>): void {
  const repeals = myRepealsService(deps);
  defineCall(app, '/inside/order/repeals', { auth: 'user', input: myRepealListInput }, (ctx, f) =>
    repeals.list(ctx, f),
  );
}
