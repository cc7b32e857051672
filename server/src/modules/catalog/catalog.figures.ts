import { sql, type AliasedSelectQueryBuilder } from 'kysely';
import { DASHBOARD_LOW_STOCK } from '@kapu/contract';
import type { Db } from '../../core/db/connect.js';

const LOW_STOCK_ROWS = 10;

/** Remaining unsold cards per goods, joined as `c`; the stock module builds it (availableCardsByGoods). */
type CardsLeft = AliasedSelectQueryBuilder<{ goods_id: number; remaining: string }, 'c'>;

/**
 * Goods on sale that are about to run out: card goods by unsold cards, others by count stock.
 * The card counts come in as a subquery from their owner, so this stays one statement.
 */
export async function lowStockGoods(db: Db, siteId: number, cards: CardsLeft) {
  const left = sql<number>`case when g.type = 'card' then coalesce(c.remaining, 0) else g.stock end`;
  const rows = await db
    .selectFrom('goods as g')
    .leftJoin(cards, 'c.goods_id', 'g.id')
    .where('g.site_id', '=', siteId)
    .where('g.status', '=', 'on_sale')
    .where((eb) => eb.or([eb('g.type', '=', 'card'), eb('g.stock', 'is not', null)]))
    .where(left, '<=', DASHBOARD_LOW_STOCK)
    .select(['g.id', 'g.name', 'g.type', left.as('remaining')])
    .orderBy(left)
    .orderBy('g.id')
    .limit(LOW_STOCK_ROWS)
    .execute();
  return rows.map((r) => ({ goodsId: r.id, name: r.name, type: r.type, left: Number(r.remaining ?? 0) }));
}
