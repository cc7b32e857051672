import { CompiledQuery } from 'kysely';
import { dialectOf, type Db } from '../../core/db/connect.js';
import type { SecretBox } from '../../core/secret-box.js';
import { freshCodes, hintOf } from './code-text.js';
import type { CdkBatchesTable } from './tables.js';

/** Rows per insert: 14 columns × 1,000 stays under SQLite's parameter limit; PostgreSQL binds arrays. */
const CHUNK = 1_000;
const PG_CHUNK = 5_000;
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

const statements = new Map<number, string>();
/**
 * SQLite's multi-row insert, written here rather than built by Kysely (as stock's card import does):
 * a 1,000-row insert made Kysely build an operation node per value, most of a 100,000-code batch's
 * time. Taken short ids or hashes are skipped by the unique keys; the inserted rows come back.
 */
function insertSql(rows: number): string {
  let text = statements.get(rows);
  if (!text) {
    const tuple = `(${COLUMNS.map(() => '?').join(', ')})`;
    text = `insert into "cdk_codes" (${COLUMNS.map((c) => `"${c}"`).join(', ')}) values ${Array(rows).fill(tuple).join(', ')} on conflict do nothing returning "id", "short"`;
    statements.set(rows, text);
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
    const fresh = freshCodes(Math.min(postgres ? PG_CHUNK : CHUNK, count - made.length));
    const byShort = new Map(fresh.map((f) => [f.short, f.code]));
    const query = postgres ? pgInsert(batch, fresh, hash, keep, now) : sqliteInsert(batch, fresh, hash, keep, now);
    const inserted = await trx.executeQuery<{ id: number; short: string }>(query);
    for (const r of inserted.rows) made.push({ id: Number(r.id), short: r.short, code: byShort.get(r.short)! });
  }
  return made;
}

type BatchTerms = Parameters<typeof insertCodes>[1];
type Fresh = ReturnType<typeof freshCodes>;

/** SQLite: one multi-row VALUES of bound parameters. */
function sqliteInsert(
  batch: BatchTerms,
  fresh: Fresh,
  hash: (code: string) => string,
  keep: SecretBox | null,
  now: number,
): CompiledQuery {
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
  return CompiledQuery.raw(insertSql(fresh.length), params);
}

/**
 * PostgreSQL: the varying columns as four arrays through unnest, the batch's terms once — eleven
 * parameters whatever the chunk size, instead of fourteen per row to bind and parse.
 */
const PG_INSERT = `insert into "cdk_codes" (${COLUMNS.map((c) => `"${c}"`).join(', ')})
  select $1::bigint, $2::bigint, $3::varchar, u.h, u.s, u.n, u.c, $4::bigint, 'active', $5::integer, 0, $6::bigint, null, $7::bigint
  from unnest($8::varchar[], $9::varchar[], $10::varchar[], $11::text[]) as u(h, s, n, c)
  on conflict do nothing returning "id", "short"`;

function pgInsert(
  batch: BatchTerms,
  fresh: Fresh,
  hash: (code: string) => string,
  keep: SecretBox | null,
  now: number,
): CompiledQuery {
  return CompiledQuery.raw(PG_INSERT, [
    batch.id,
    batch.site_id,
    batch.kind,
    batch.creator_user_id,
    batch.uses,
    batch.expires_at,
    now,
    fresh.map((f) => hash(f.code)),
    fresh.map((f) => f.short),
    fresh.map((f) => hintOf(f.code)),
    fresh.map((f) => (keep ? keep.seal(f.code) : null)),
  ]);
}
