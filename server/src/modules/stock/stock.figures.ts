import { sql } from 'kysely';
import type { Db } from '../../core/db/connect.js';

/**
 * Unsold cards per goods, as a subquery (alias `c`) the goods owner joins for its low-stock list,
 * so the widget stays one statement.
 */
export function availableCardsByGoods(db: Db) {
  return db
    .selectFrom('cards')
    .where('status', '=', 'available')
    .groupBy('goods_id')
    .select(['goods_id', sql<string>`count(*)`.as('remaining')])
    .as('c');
}
export type AvailableCardsByGoods = ReturnType<typeof availableCardsByGoods>;
