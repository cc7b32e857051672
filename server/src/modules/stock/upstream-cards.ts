import type { Db } from '../../core/db/connect.js';
import type { SecretBox } from '../../core/secret-box.js';
import { stockRepo as repo } from './stock.repo.js';

/**
 * Cards bought from an upstream shop for one order (docking, decision 0016), in the caller's
 * transaction: sealed and fingerprinted like imported cards, written already sold to the order in a
 * batch of their own, and linked to it, so the buyer reads them on the order page as any delivered
 * card. A card the goods already holds (an upstream repeating itself) gets an order-specific
 * fingerprint instead of being dropped: the buyer gets every card they paid for. A card this order
 * already holds (the upstream sending a card again, in one answer or a later one) is not sold twice,
 * and at most `max` new cards are written; answers the new cards' ids.
 */
export async function sellUpstreamCards(
  trx: Db,
  box: SecretBox,
  goods: { id: number; owner_user_id: number | null },
  orderId: number,
  sent: readonly string[],
  by: { note: string; createdBy: string },
  now: number,
  max: number = sent.length,
): Promise<number[]> {
  if (sent.length === 0 || max <= 0) return [];
  const held = await trx.selectFrom('cards').select('secret').where('order_id', '=', orderId).execute();
  const seen = new Set(held.map((c) => box.open(c.secret)));
  const fresh: string[] = [];
  for (const text of sent) {
    if (fresh.length >= max) break;
    if (seen.has(text)) continue;
    seen.add(text);
    fresh.push(text);
  }
  const texts = fresh;
  if (texts.length === 0) return [];
  const batch = await trx
    .insertInto('card_batches')
    .values({
      goods_id: goods.id,
      owner_user_id: goods.owner_user_id,
      note: by.note.slice(0, 100),
      lines: texts.length,
      imported: texts.length,
      duplicates: 0,
      created_by: by.createdBy.slice(0, 60),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (const text of texts) {
    const row = {
      goods_id: goods.id,
      batch_id: batch.id,
      owner_user_id: goods.owner_user_id,
      secret: box.seal(text),
      status: 'sold' as const,
      order_id: orderId,
      reserved_until: null,
      sold_at: now,
      created_at: now,
    };
    const first = await trx
      .insertInto('cards')
      .values({ ...row, hmac: box.fingerprint(text) })
      .onConflict((oc) => oc.columns(['goods_id', 'hmac']).doNothing())
      .returning('id')
      .executeTakeFirst();
    const id =
      first?.id ??
      (
        await trx
          .insertInto('cards')
          .values({ ...row, hmac: box.fingerprint(`${text}\u0000order:${orderId}:${ids.length}`) })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    ids.push(id);
  }
  await repo.link(trx, orderId, ids);
  return ids;
}
