import { CompiledQuery } from 'kysely';
import { dialectOf, type Db } from '../../core/db/connect.js';
import type { SecretBox } from '../../core/secret-box.js';
import { freshCodes, hintOf } from './code-text.js';
import type { CdkBatchesTable } from './tables.js';

/** Rows per insert: 14 columns × 1,000 stays under both dialects' parameter limits. */
const CHUNK = 1_000;
const COLUMNS = [
  'batch_id',
  'site_id',
  'kind',
  'code_hash',
  'short',
  'hint',
  'code_sealed',
  'creator_user_id',
  'status',
  'uses',
  'used_count',
  'expires_at',
  'last_used_at',
  'created_at',
] as const;

const statements = new Map<string, string>();
/**
 * The multi-row insert, written here rather than built by Kysely (as stock's card import does): a
 * 1,000-row insert made Kysely build an operation node per value, most of a 100,000-code batch's
 * time. Taken short ids or hashes are skipped by the unique keys; the inserted rows come back.
 */
function insertSql(rows: number, postgres: boolean): string {
  const key = `${postgres ? 'pg' : 'sqlite'}:${rows}`;
  let text = statements.get(key);
  if (!text) {
    const n = COLUMNS.length;
    const tuples = Array.from(
      { length: rows },
      (_, r) => `(${Array.from({ length: n }, (_, c) => (postgres ? `$${r * n + c + 1}` : '?')).join(', ')})`,
    );
    text = `insert into "cdk_codes" (${COLUMNS.map((c) => `"${c}"`).join(', ')}) values ${tuples.join(', ')} on conflict do nothing returning "id", "short"`;
    statements.set(key, text);
  }
  return text;
}

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
  const postgres = dialectOf(trx) === 'postgres';
  const made: NewCode[] = [];
  while (made.length < count) {
    const fresh = freshCodes(Math.min(CHUNK, count - made.length));
    const byShort = new Map(fresh.map((f) => [f.short, f.code]));
    const params: unknown[] = [];
    for (const f of fresh)
      params.push(
        batch.id,
        batch.site_id,
        batch.kind,
        hash(f.code),
        f.short,
        hintOf(f.code),
        keep ? keep.seal(f.code) : null,
        batch.creator_user_id,
        'active',
        batch.uses,
        0,
        batch.expires_at,
        null,
        now,
      );
    const inserted = await trx.executeQuery<{ id: number; short: string }>(
      CompiledQuery.raw(insertSql(fresh.length, postgres), params),
    );
    for (const r of inserted.rows) made.push({ id: Number(r.id), short: r.short, code: byShort.get(r.short)! });
  }
  return made;
}
