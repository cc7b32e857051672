import { CompiledQuery, sql, type Selectable } from 'kysely';
import { dialectOf, type Db } from '../../core/db/connect.js';
import type { CardsTable, OrderCardsTable } from '../../core/db/schema.js';
import { prepared, preparedInsert } from '../../core/db/prepared.js';
import { withFields } from '../../core/objects.js';
import { LruMap } from '../../core/lru.js';
import { statusUpdate } from '../../core/fsm.js';
import { cardMachine } from './card-machine.js';
import { LOW_STOCK_AT, stockLowWanted } from './stock-low.js';

const CHUNK = 500;
/** Parameters stay under SQLite's 32,766 and PostgreSQL's 65,535. */
const INSERT_CHUNK = 2000;

const CARD_COLUMNS = [
  'goods_id',
  'batch_id',
  'owner_user_id',
  'secret',
  'hmac',
  'status',
  'order_id',
  'reserved_until',
  'sold_at',
  'created_at',
] as const satisfies ReadonlyArray<keyof Omit<CardsTable, 'id'>>;
const insertSqls = new LruMap<string, string>(64);

/** `INSERT INTO cards … VALUES (…) × rows ON CONFLICT DO NOTHING`, with the dialect's parameter markers (? or $n). */
function insertCardsSql(rows: number, postgres: boolean): string {
  const key = `${postgres ? 'pg' : 'sqlite'}:${rows}`;
  let text = insertSqls.get(key);
  if (!text) {
    const n = CARD_COLUMNS.length;
    const tuples = Array.from(
      { length: rows },
      (_, r) => `(${Array.from({ length: n }, (_, c) => (postgres ? `$${r * n + c + 1}` : '?')).join(', ')})`,
    );
    text = `insert into "cards" (${CARD_COLUMNS.map((c) => `"${c}"`).join(', ')}) values ${tuples.join(', ')} on conflict ("goods_id", "hmac") do nothing`;
    insertSqls.set(key, text);
  }
  return text;
}

/** Kysely only: the stock module's tables (card_batches, cards, order_cards). */
/**
 * Up to `quantity` available cards of a goods, as the condition of one conditional update. On
 * PostgreSQL the candidate rows are taken with `FOR UPDATE SKIP LOCKED`, so concurrent buyers
 * pick different cards instead of queueing; PostgreSQL may run an `IN (… LIMIT n FOR UPDATE)`
 * subquery more than once (and so take more than n rows), `= ANY(ARRAY(…))` evaluates it
 * exactly once. The caller re-checks `status = 'available'`, so a card is never taken twice.
 */
function availableCards(db: Db, goodsId: number, quantity: number) {
  const pick = db
    .selectFrom('cards')
    .select('id')
    .where('goods_id', '=', goodsId)
    .where('status', '=', 'available')
    .orderBy('id')
    .limit(quantity);
  return dialectOf(db) === 'postgres'
    ? sql<boolean>`id = ANY(ARRAY(${pick.forUpdate().skipLocked()}))`
    : sql<boolean>`id IN (${pick})`;
}

/** Available cards counted after a take, up to this many (enough to tell a low-stock crossing). */
const LEFT_CAP = LOW_STOCK_AT + 1;

/**
 * SQLite: with each card taken, how many available cards its goods has left at that moment, up
 * to LEFT_CAP. SQLite computes a correlated subquery of RETURNING as it changes each row, so the
 * smallest answer is what the statement left: the low-stock check needs no statement of its own
 * on every sale. PostgreSQL's RETURNING sees the statement's starting snapshot: there the check
 * counts separately (stock-low.ts).
 */
const leftAfterTake = sql<number>`(select count(*) from (select 1 from cards as left_cards where left_cards.goods_id = cards.goods_id and left_cards.status = ${'available'} limit ${LEFT_CAP}))`;

/** Card ids taken and, on SQLite while someone listens to stock.low, the available cards left after the take (capped). */
export interface Taken {
  ids: number[];
  left?: number;
}
const takenOf = (rows: ReadonlyArray<{ id: number; left?: number }>): Taken => ({
  ids: rows.map((r) => r.id).sort((a, b) => a - b),
  left: rows.length > 0 && rows[0]!.left !== undefined ? Math.min(...rows.map((r) => Number(r.left))) : undefined,
});

// The checkout's card writes, built once per dialect (core/db/prepared.ts); on SQLite each also in a
// variant that counts what the take left, used only while someone listens to stock.low (that count
// costs about as much as the take itself: docs/benchmarks.md, fifth sitting of 2026-11-28).
const takeToReserved = (db: Db, goodsId: number, quantity: number, orderId: number, until: number) =>
  statusUpdate(db, cardMachine, 'available', 'reserved', { order_id: orderId, reserved_until: until })
    .where(availableCards(db, goodsId, quantity))
    .returning('id');
const reserveAvailable = prepared(takeToReserved);
const reserveAvailableCounting = prepared((db: Db, goodsId: number, quantity: number, orderId: number, until: number) =>
  takeToReserved(db, goodsId, quantity, orderId, until).returning(leftAfterTake.as('left')),
);
const takeToSold = (db: Db, goodsId: number, quantity: number, orderId: number, now: number) =>
  statusUpdate(db, cardMachine, 'available', 'sold', { order_id: orderId, sold_at: now, reserved_until: null })
    .where(availableCards(db, goodsId, quantity))
    // The secret too: the buyer's answer shows the cards without reading them again.
    .returning(['id', 'secret']);
const sellAvailable = prepared(takeToSold);
const sellAvailableCounting = prepared((db: Db, goodsId: number, quantity: number, orderId: number, now: number) =>
  takeToSold(db, goodsId, quantity, orderId, now).returning(leftAfterTake.as('left')),
);
/** The counting variant where it exists (SQLite, see leftAfterTake) and someone needs the count. */
const counting = (db: Db) => dialectOf(db) === 'sqlite' && stockLowWanted();

const insertLink = preparedInsert('order_cards', 'all');

/** The cards delivered in an order (order detail, lookup): built once. */
const cardsOfOrder = prepared((db: Db, orderId: number) =>
  db
    .selectFrom('order_cards')
    .innerJoin('cards', 'cards.id', 'order_cards.card_id')
    .select([
      'order_cards.id as link_id',
      'cards.id',
      'cards.secret',
      'cards.status',
      'order_cards.repeal_status',
      'order_cards.repeal_reason',
      'order_cards.repeal_note',
    ])
    .where('order_cards.order_id', '=', orderId)
    .orderBy('order_cards.id'),
);

/** An order's card as stored (order_cards joined with cards), before decryption. */
export type OrderCardRow = Awaited<ReturnType<typeof cardsOfOrder.all>>[number];

export const stockRepo = {
  /**
   * Reserves up to `quantity` available cards for an order with one conditional update;
   * answers the cards it got. On PostgreSQL the candidate rows are taken with
   * `FOR UPDATE SKIP LOCKED`, so concurrent buyers pick different cards instead of queueing;
   * the outer `status = 'available'` re-check means a card is never reserved twice.
   */
  async reserve(db: Db, goodsId: number, orderId: number, quantity: number, until: number): Promise<Taken> {
    const take = counting(db) ? reserveAvailableCounting : reserveAvailable;
    return takenOf(await take.all(db, goodsId, quantity, orderId, until));
  },

  /**
   * Available → sold for an order bought and paid in one transaction (member buying with
   * balance): the same pick as `reserve`, without the reserved step; links the cards.
   */
  async sellAvailable(
    db: Db,
    goodsId: number,
    orderId: number,
    quantity: number,
    now: number,
  ): Promise<Taken & { delivered: OrderCardRow[] }> {
    const take = counting(db) ? sellAvailableCounting : sellAvailable;
    const rows = await take.all(db, goodsId, quantity, orderId, now);
    const taken = takenOf(rows);
    return withFields(taken, { delivered: await stockRepo.linkDelivered(db, orderId, rows, 'sold') });
  },

  /**
   * Links cards just taken (with their secrets) to an order and answers them as `cardsOfOrder`
   * would read them, from what the writes returned: the buyer's answer needs no read.
   */
  async linkDelivered(
    db: Db,
    orderId: number,
    cards: ReadonlyArray<{ id: number; secret: string }>,
    status: CardsTable['status'],
  ): Promise<OrderCardRow[]> {
    const secrets = new Map(cards.map((c) => [c.id, c.secret]));
    const links = await stockRepo.link(
      db,
      orderId,
      cards.map((c) => c.id).sort((a, b) => a - b),
    );
    return links.map((l) => ({
      link_id: l.id,
      id: l.card_id,
      secret: secrets.get(l.card_id)!,
      status,
      repeal_status: l.repeal_status,
      repeal_reason: l.repeal_reason,
      repeal_note: l.repeal_note,
    }));
  },

  async release(db: Db, orderId: number): Promise<number> {
    const res = await statusUpdate(db, cardMachine, 'reserved', 'available', { order_id: null, reserved_until: null })
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  },

  /** Reserved → sold for the order; links them to the order for delivery. */
  async sellReserved(db: Db, orderId: number, now: number): Promise<number[]> {
    const rows = await statusUpdate(db, cardMachine, 'reserved', 'sold', { sold_at: now, reserved_until: null })
      .where('order_id', '=', orderId)
      .returning('id')
      .execute();
    const ids = rows.map((r) => r.id).sort((a, b) => a - b);
    await stockRepo.link(db, orderId, ids);
    return ids;
  },

  /** Loop (reusable) cards are delivered without being consumed. */
  loopCards(db: Db, goodsId: number, quantity: number) {
    return db
      .selectFrom('cards')
      .select(['id', 'secret'])
      .where('goods_id', '=', goodsId)
      .where('status', '=', 'available')
      .orderBy('id')
      .limit(quantity)
      .execute();
  },

  /** Links cards to an order; answers the links as written (by link id, so in the order of `cardIds`). */
  async link(db: Db, orderId: number, cardIds: number[]): Promise<Selectable<OrderCardsTable>[]> {
    // One card (most orders): the insert built once.
    if (cardIds.length === 1) return [(await insertLink(db, { order_id: orderId, card_id: cardIds[0] }))!];
    const links: Selectable<OrderCardsTable>[] = [];
    for (let i = 0; i < cardIds.length; i += CHUNK) {
      const rows = await db
        .insertInto('order_cards')
        .values(cardIds.slice(i, i + CHUNK).map((card_id) => ({ order_id: orderId, card_id })))
        .returningAll()
        .execute();
      links.push(...rows);
    }
    return links.sort((a, b) => a.id - b.id);
  },

  cardsOfOrder(db: Db, orderId: number) {
    return cardsOfOrder.all(db, orderId);
  },

  async availableCounts(db: Db, goodsIds: number[]): Promise<Map<number, number>> {
    if (goodsIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('cards')
      .select(['goods_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('goods_id', 'in', goodsIds)
      .where('status', '=', 'available')
      .groupBy('goods_id')
      .execute();
    return new Map(rows.map((r) => [r.goods_id, Number(r.n)]));
  },

  /**
   * Inserts cards; ones already stored (in stock, or a concurrent import) are skipped by the
   * unique key. The SQL is written here rather than built by Kysely: a 2,000-row insert made
   * Kysely create an operation node per value, a tenth of a million-card import's time.
   */
  async insertCards(db: Db, rows: Array<Omit<CardsTable, 'id'>>): Promise<number> {
    let inserted = 0;
    const postgres = dialectOf(db) === 'postgres';
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const chunk = rows.slice(i, i + INSERT_CHUNK);
      const params: unknown[] = [];
      for (const r of chunk)
        params.push(
          r.goods_id,
          r.batch_id,
          r.owner_user_id,
          r.secret,
          r.hmac,
          r.status,
          r.order_id,
          r.reserved_until,
          r.sold_at,
          r.created_at,
        );
      const res = await db.executeQuery(CompiledQuery.raw(insertCardsSql(chunk.length, postgres), params));
      inserted += Number(res.numAffectedRows ?? 0);
    }
    return inserted;
  },

  async voidAvailable(db: Db, goodsIds: number[], cardIds: number[]) {
    const res = await statusUpdate(db, cardMachine, 'available', 'void')
      .where('id', 'in', cardIds)
      .where('goods_id', 'in', goodsIds)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  },

  /** A sold card made void by an approved repeal. */
  voidSold(db: Db, cardIds: number[]) {
    return statusUpdate(db, cardMachine, 'sold', 'void').where('id', 'in', cardIds).execute();
  },

  countBy(db: Db, goodsId: number) {
    return db
      .selectFrom('cards')
      .select(['status', sql<number>`count(*)`.as('n')])
      .where('goods_id', '=', goodsId)
      .groupBy('status')
      .execute();
  },
};
