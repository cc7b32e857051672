import type { Db } from '../../core/db/connect.js';
import type { SecretBox } from '../../core/secret-box.js';

/** The demo shop's 20 cards for its card goods (first start only), as one imported batch. */
export async function seedDemoCards(trx: Db, box: SecretBox, goodsId: number): Promise<void> {
  const now = Date.now();
  const batch = await trx
    .insertInto('card_batches')
    .values({
      goods_id: goodsId,
      owner_user_id: null,
      note: '演示卡密',
      lines: 20,
      imported: 20,
      duplicates: 0,
      created_by: 'system',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const cards = Array.from(
    { length: 20 },
    (_, i) => `DEMO-STEAM50-${String(i + 1).padStart(4, '0')}----${String(100000 + i * 7919).slice(0, 6)}`,
  );
  await trx
    .insertInto('cards')
    .values(
      cards.map((c) => ({
        goods_id: goodsId,
        batch_id: batch.id,
        owner_user_id: null,
        secret: box.seal(c),
        hmac: box.fingerprint(c),
        status: 'available' as const,
        order_id: null,
        reserved_until: null,
        sold_at: null,
        created_at: now,
      })),
    )
    .execute();
}
