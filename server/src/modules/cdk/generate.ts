import type { Insertable } from 'kysely';
import type { Db } from '../../core/db/connect.js';
import type { SecretBox } from '../../core/secret-box.js';
import { freshCodes, hintOf } from './code-text.js';
import type { CdkBatchesTable, CdkCodesTable } from './tables.js';

/** Rows per insert: 13 columns × 1,000 stays under both dialects' parameter limits. */
const CHUNK = 1_000;

export interface NewCode {
  id: number;
  code: string;
  short: string;
}

/**
 * Writes `count` new codes of a batch in the caller's transaction, chunk by chunk, and answers
 * them (the only time the codes exist in clear). A short id or hash that is already taken (50 and
 * 120 random bits: practically never) is skipped by the insert and drawn again, so the batch always
 * gets exactly `count` codes. `keep` seals each code for its creator (members' codes only).
 */
export async function insertCodes(
  trx: Db,
  batch: Pick<CdkBatchesTable, 'site_id' | 'kind' | 'uses' | 'expires_at' | 'creator_user_id'> & { id: number },
  count: number,
  hash: (code: string) => string,
  keep: SecretBox | null,
  now: number,
): Promise<NewCode[]> {
  const made: NewCode[] = [];
  while (made.length < count) {
    const fresh = freshCodes(Math.min(CHUNK, count - made.length));
    const byShort = new Map(fresh.map((f) => [f.short, f.code]));
    const rows: Insertable<CdkCodesTable>[] = fresh.map((f) => ({
      batch_id: batch.id,
      site_id: batch.site_id,
      kind: batch.kind,
      code_hash: hash(f.code),
      short: f.short,
      hint: hintOf(f.code),
      code_sealed: keep ? keep.seal(f.code) : null,
      creator_user_id: batch.creator_user_id,
      status: 'active',
      uses: batch.uses,
      used_count: 0,
      expires_at: batch.expires_at,
      last_used_at: null,
      created_at: now,
    }));
    const inserted = await trx
      .insertInto('cdk_codes')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .returning(['id', 'short'])
      .execute();
    for (const r of inserted) made.push({ id: Number(r.id), short: r.short, code: byShort.get(r.short)! });
  }
  return made;
}
