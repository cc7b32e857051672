import type {
  z,
  cardListInput,
  cardExportInput,
  cardImportInput,
  CardBatches,
  CardExport,
  CardRow,
  DeliveredCard,
  ImportAnswer,
  Paged,
} from '@kapu/contract';
import type { RequestContext } from '../../core/context.js';
import { writeAudit } from '../../core/calls.js';
import { bulkTransaction, type Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import { cardBoxFor, type SecretBox } from '../../core/secret-box.js';
import { sealWorkerFor, type Sealed } from '../../core/seal-worker.js';
import { fetchPage, mapPage } from '../../core/paging.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { cardGoodsIdsOfSite, findGoods, goodsOfSite, writeGoodsLog } from '../catalog/index.js';
import { normaliseCardLine, parseCardLines, splitCard, type ParsedCards } from './card-lines.js';
import { stockRepo as repo, type OrderCardRow } from './stock.repo.js';
import type { CardsTable } from '../../core/db/schema.js';
import { statusUpdate } from '../../core/fsm.js';
import { cardMachine } from './card-machine.js';
import { noteCardsTaken, noteRestocked, soldOut } from './stock-low.js';

export const MAX_EXPORT = 100_000;
/** Cards per insert statement (10 columns: 20,000 parameters, under SQLite's 32,766). */
/** Cards sealed and inserted per step of an import. */
const IMPORT_CHUNK = 4_000;
/** Batches at least this large are sealed on the worker thread; small ones inline. */
const WORKER_FROM = 4_000;

/** Stock counts per goods (available cards), for lists and goods pages. */
export function availableCardCounts(db: Db, goodsIds: number[]) {
  return repo.availableCounts(db, goodsIds);
}

/**
 * Takes cards for an order inside the caller's transaction: all `quantity` or none
 * (the caller rolls back on false). Loop goods check that enough cards exist and reserve nothing.
 */
export async function reserveCards(
  db: Db,
  goods: { id: number; site_id: number; loop_card: number },
  orderId: number,
  quantity: number,
  until: number,
): Promise<boolean> {
  if (goods.loop_card === 1) return (await repo.loopCards(db, goods.id, quantity)).length === quantity;
  const taken = await repo.reserve(db, goods.id, orderId, quantity, until);
  if (taken.ids.length === quantity) {
    await noteCardsTaken(db, goods, quantity, taken.left);
    return true;
  }
  if (taken.ids.length > 0) await repo.release(db, orderId);
  return false;
}

export function releaseCards(db: Db, orderId: number) {
  return repo.release(db, orderId);
}

/** Sells the order's reserved cards (or links loop cards); answers the card ids delivered. */
export async function sellCards(
  db: Db,
  goods: { id: number; loop_card: number },
  orderId: number,
  quantity: number,
  now: number,
): Promise<number[]> {
  if (goods.loop_card === 1) return (await deliverLoopCards(db, goods.id, orderId, quantity)).map((c) => c.id);
  return repo.sellReserved(db, orderId, now);
}

/** Loop (reusable) cards stay available: links `quantity` of them to the order, or none when there are fewer. */
async function deliverLoopCards(db: Db, goodsId: number, orderId: number, quantity: number): Promise<OrderCardRow[]> {
  const cards = await repo.loopCards(db, goodsId, quantity);
  return cards.length === quantity ? repo.linkDelivered(db, orderId, cards, 'available') : [];
}

/**
 * Sells available cards straight to an order paid in the transaction that creates it (a
 * member buying with balance); answers the cards delivered (as `cardsOfOrder` reads them), or
 * [] when there are not enough — the caller then throws and its transaction takes back
 * whatever was taken.
 */
export async function sellCardsNow(
  db: Db,
  goods: { id: number; site_id: number; loop_card: number },
  orderId: number,
  quantity: number,
  now: number,
): Promise<OrderCardRow[]> {
  if (goods.loop_card === 1) return deliverLoopCards(db, goods.id, orderId, quantity);
  const taken = await repo.sellAvailable(db, goods.id, orderId, quantity, now);
  if (taken.ids.length !== quantity) return [];
  await noteCardsTaken(db, goods, quantity, taken.left);
  return taken.delivered;
}

/** The delivered card's answer view lives in the contract; orders read it through this module. */
export type { DeliveredCard };

export type { OrderCardRow };

/** Decrypts an order's cards; call only after the reader was proven to be allowed. */
export async function cardsOfOrder(db: Db, box: SecretBox, orderId: number): Promise<DeliveredCard[]> {
  return openOrderCards(box, await repo.cardsOfOrder(db, orderId));
}

/** Decrypts card rows already read (e.g. returned by the statement that sold them). */
export function openOrderCards(box: SecretBox, rows: readonly OrderCardRow[]): DeliveredCard[] {
  return rows.map((r) => ({
    id: r.link_id,
    ...splitCard(box.open(r.secret)),
    status: r.status,
    repealStatus: r.repeal_status,
    repealReason: r.repeal_reason,
    repealNote: r.repeal_note,
  }));
}

/** Voids the sold cards of a refunded order (loop cards are shared and stay). */
export function voidOrderCards(db: Db, orderId: number) {
  return statusUpdate(db, cardMachine, 'sold', 'void').where('order_id', '=', orderId).execute();
}

export function voidSoldCards(db: Db, cardIds: number[]) {
  return cardIds.length ? repo.voidSold(db, cardIds) : Promise.resolve();
}

/**
 * One import batch of a card goods, in the caller's transaction: a batch row, the cards sealed and
 * fingerprinted chunk by chunk, those already in stock skipped by the unique (goods_id, hmac) key.
 * Used by staff (stock's own call) and by a supplier for their goods (supply module).
 */
export async function importCardBatch(
  trx: Db,
  box: SecretBox,
  goods: { id: number; owner_user_id: number | null; site_id: number },
  parsed: ParsedCards,
  by: { note: string; createdBy: string },
): Promise<ImportAnswer> {
  const now = Date.now();
  // A sold-out goods getting cards again tells those who asked to hear of it (到货提醒).
  const wasSoldOut = await soldOut(trx, goods.id);
  const batch = await trx
    .insertInto('card_batches')
    .values({
      goods_id: goods.id,
      owner_user_id: goods.owner_user_id,
      note: by.note,
      lines: parsed.lines,
      imported: 0,
      duplicates: 0,
      created_by: by.createdBy.slice(0, 60),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Chunk by chunk: seal and fingerprint, then one multi-row insert in which the unique
  // (goods_id, hmac) key skips cards already in stock — each card costs one index probe,
  // and only two chunks of sealed rows are alive at a time. Large batches are sealed on a
  // worker thread, one chunk ahead of the inserts.
  const chunks: string[][] = [];
  for (let i = 0; i < parsed.cards.length; i += IMPORT_CHUNK) chunks.push(parsed.cards.slice(i, i + IMPORT_CHUNK));
  const sealChunk = (plains: string[]): Promise<Sealed> =>
    parsed.cards.length >= WORKER_FROM
      ? sealWorkerFor(box).seal(plains)
      : Promise.resolve({
          secrets: plains.map((p) => box.seal(p)),
          hmacs: plains.map((p) => box.fingerprint(p)),
        });
  let imported = 0;
  let ahead: Promise<Sealed> | null = chunks.length ? sealChunk(chunks[0]) : null;
  try {
    for (let c = 0; c < chunks.length; c++) {
      const sealed = await ahead!;
      ahead = c + 1 < chunks.length ? sealChunk(chunks[c + 1]) : null;
      const rows: Array<Omit<CardsTable, 'id'>> = sealed.secrets.map((secret, j) => ({
        goods_id: goods.id,
        batch_id: batch.id,
        owner_user_id: goods.owner_user_id,
        secret,
        hmac: sealed.hmacs[j],
        status: 'available' as const,
        order_id: null,
        reserved_until: null,
        sold_at: null,
        created_at: now,
      }));
      imported += await repo.insertCards(trx, rows);
    }
  } finally {
    // A failed insert leaves a chunk being sealed: its answer is no longer wanted.
    ahead?.catch(() => undefined);
  }
  const duplicates = parsed.duplicates + (parsed.cards.length - imported);
  await trx.updateTable('card_batches').set({ imported, duplicates }).where('id', '=', batch.id).execute();
  if (imported > 0) {
    await writeGoodsLog(trx, goods.id, 'stock', '', `+${imported}`, now);
    if (wasSoldOut) await noteRestocked(trx, goods, imported);
  }
  return { batchId: batch.id, lines: parsed.lines, imported, duplicates, invalid: parsed.invalid };
}

export function stockService({ db, config }: Deps) {
  const box = cardBoxFor(config.dataDir);

  async function cardGoods(ctx: RequestContext, goodsId: number) {
    const goods = await findGoods(db, ctx.site, goodsId);
    if (goods.type !== 'card') throw businessError('GOODS_NOT_CARD');
    return goods;
  }

  return {
    box,

    /** Imports one batch: dedupe in the batch (normal form) and against stock (HMAC), one transaction. */
    async importCards(ctx: RequestContext, input: z.infer<typeof cardImportInput>): Promise<ImportAnswer> {
      const goods = await cardGoods(ctx, input.goodsId);
      const parsed = parseCardLines(input.text);
      if (!parsed) throw businessError('IMPORT_TOO_MANY');
      if (parsed.cards.length === 0) throw businessError('IMPORT_EMPTY');
      return bulkTransaction(db).execute(async (trx) => {
        const answer = await importCardBatch(trx, box, goods, parsed, {
          note: input.note ?? '',
          createdBy: `${ctx.area}:${ctx.actor?.name ?? ''}`,
        });
        await writeAudit(ctx, trx);
        return answer;
      });
    },

    async list(ctx: RequestContext, input: z.infer<typeof cardListInput>): Promise<Paged<CardRow>> {
      let q = db.selectFrom('cards').innerJoin(goodsOfSite(db, ctx.site.id), 'goods.id', 'cards.goods_id');
      if (input.goodsId) q = q.where('cards.goods_id', '=', input.goodsId);
      if (input.batchId) q = q.where('cards.batch_id', '=', input.batchId);
      if (input.status) q = q.where('cards.status', '=', input.status);
      if (input.card) q = q.where('cards.hmac', '=', box.fingerprint(normaliseCardLine(input.card)));
      const rows = await fetchPage(
        q
          .select([
            'cards.id',
            'cards.goods_id',
            'goods.name',
            'cards.batch_id',
            'cards.secret',
            'cards.status',
            'cards.order_id',
            'cards.sold_at',
            'cards.created_at',
          ])
          .orderBy('cards.id', 'desc'),
        input,
      );
      return mapPage(rows, (r) => ({
        id: r.id,
        goodsId: r.goods_id,
        goodsName: r.name,
        batchId: r.batch_id,
        ...splitCard(box.open(r.secret)),
        status: r.status,
        orderId: r.order_id,
        soldAt: r.sold_at ? formatDateTime(r.sold_at, config.timeZone) : '',
        createdAt: formatDateTime(r.created_at, config.timeZone),
      }));
    },

    /** Plain text, one card per line in the import format, for a .txt download. */
    async exportCards(ctx: RequestContext, input: z.infer<typeof cardExportInput>): Promise<CardExport> {
      const goods = await cardGoods(ctx, input.goodsId);
      let q = db.selectFrom('cards').select('secret').where('goods_id', '=', goods.id);
      if (input.batchId) q = q.where('batch_id', '=', input.batchId);
      q = q.where('status', '=', input.status ?? 'available');
      const rows = await q.orderBy('id').limit(MAX_EXPORT).execute();
      return {
        filename: `cards-${goods.id}.txt`,
        count: rows.length,
        content: rows.map((r) => box.open(r.secret)).join('\n'),
      };
    },

    async voidCards(ctx: RequestContext, ids: number[]) {
      const goodsIds = await cardGoodsIdsOfSite(db, ctx.site.id);
      if (goodsIds.length === 0) return { voided: 0 };
      return db.transaction().execute(async (trx) => {
        const voided = await repo.voidAvailable(trx, goodsIds, ids);
        await writeAudit(ctx, trx);
        return { voided };
      });
    },

    async batches(ctx: RequestContext, goodsId: number): Promise<CardBatches> {
      await cardGoods(ctx, goodsId);
      const rows = await db
        .selectFrom('card_batches')
        .selectAll()
        .where('goods_id', '=', goodsId)
        .orderBy('id', 'desc')
        .limit(200)
        .execute();
      const counts = await repo.countBy(db, goodsId);
      return {
        counts: Object.fromEntries(counts.map((c) => [c.status, Number(c.n)])),
        list: rows.map((b) => ({
          id: b.id,
          note: b.note,
          lines: b.lines,
          imported: b.imported,
          duplicates: b.duplicates,
          createdBy: b.created_by,
          createdAt: formatDateTime(b.created_at, config.timeZone),
        })),
      };
    },
  };
}
export type StockService = ReturnType<typeof stockService>;
