import { RepealStatusLabels, myRepealListInput, type MyRepealRow, type Paged, type z } from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../core/calls.js';
import type { ActorContext } from '../../core/context.js';
import { cardBoxFor } from '../../core/secret-box.js';
import { fetchPage, mapPage } from '../../core/paging.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { splitCard } from '../stock/index.js';

/** The member's own card void requests (/inside/cardRepeal), newest first; read-only. */
export function myRepealsService({ db, config }: Pick<Deps, 'db' | 'config'>) {
  const box = cardBoxFor(config.dataDir);
  const time = (ms: number | null) => (ms ? formatDateTime(ms, config.timeZone) : '');
  return {
    async list(ctx: ActorContext, f: z.output<typeof myRepealListInput>): Promise<Paged<MyRepealRow>> {
      let q = db
        .selectFrom('order_cards')
        .innerJoin('orders', 'orders.id', 'order_cards.order_id')
        .where('orders.user_id', '=', ctx.actor.id)
        .where('orders.site_id', '=', ctx.site.id);
      q = f.status
        ? q.where('order_cards.repeal_status', '=', f.status)
        : q.where('order_cards.repeal_status', '!=', 'none');
      if (f.orderNo) q = q.where('orders.order_no', '=', f.orderNo);
      // Every order_cards row has its card, so joining cards does not change the count.
      const rows = q
        .innerJoin('cards', 'cards.id', 'order_cards.card_id')
        .select([
          'order_cards.id',
          'orders.order_no',
          'orders.goods_name',
          'orders.unit_price',
          'cards.secret',
          'order_cards.repeal_status',
          'order_cards.repeal_reason',
          'order_cards.repeal_note',
          'order_cards.repeal_requested_at',
          'order_cards.repeal_handled_at',
        ])
        .orderBy('order_cards.repeal_requested_at', 'desc')
        .orderBy('order_cards.id', 'desc');
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
