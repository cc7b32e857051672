import { SESSION_DAYS, type Area } from '@kapu/contract';
import { dialectOf, type Db } from './db/connect.js';
import { randomToken, sha256 } from './crypto.js';
import { LruMap } from './lru.js';
import { withFields } from './objects.js';
import { prepared } from './db/prepared.js';

const SESSION_MS = SESSION_DAYS * 24 * 3600 * 1000;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export interface SessionRow {
  id: number;
  actorId: number;
  expiresAt: number;
  lastSeenAt: number;
}

/**
 * Opens a session: the token goes to the browser once, only its SHA-256 is stored, so a
 * database leak does not leak live sessions (invariant 6).
 */
export async function openSession(
  db: Db,
  area: Area,
  actorId: number,
  client: { ip: string; userAgent: string },
  now = Date.now(),
): Promise<{ token: string; sessionId: number; expiresAt: number }> {
  const token = randomToken();
  const expiresAt = now + SESSION_MS;
  const row = await db
    .insertInto('sessions')
    .values({
      area,
      actor_id: actorId,
      token_hash: sha256(token),
      ip: client.ip,
      user_agent: client.userAgent.slice(0, 300),
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, sessionId: row.id, expiresAt };
}

/**
 * Live sessions recently read from the database, on SQLite only. The embedded mode is one
 * process (one SQLite file cannot be shared by app processes) and every revocation goes through this file (revokeSession /
 * revokeActorSessions evict here, whatever database or transaction they are given), so a
 * cached session is never used after it was revoked; expiry is re-checked on every use; the
 * short TTL only bounds what a hand edit of the database outside the app could leave stale.
 * PostgreSQL (several app processes) is not cached: a revocation on one process must hold on
 * all of them at once. Keys are the random tokens, so one map serves every database of the
 * process (tests run several apps); evicting by id may drop another database's entry: a miss.
 */
const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;
interface CachedSession extends SessionRow {
  area: Area;
  readAt: number;
}
const sessionCache = new LruMap<string, CachedSession>(SESSION_CACHE_MAX);
/** Bumped by every eviction: a read that started before one does not fill the cache. */
let sessionEpoch = 0;
function evictSessions(match: (s: CachedSession) => boolean): void {
  sessionEpoch++;
  for (const [key, s] of sessionCache) if (match(s)) sessionCache.delete(key);
}

/** Every request with a token reads its session: built once (PostgreSQL reads it every time). */
const liveSession = prepared((db: Db, tokenHash: string, area: Area, now: number) =>
  db
    .selectFrom('sessions')
    .select(['id', 'actor_id', 'expires_at', 'last_seen_at'])
    .where('token_hash', '=', tokenHash)
    .where('area', '=', area)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now),
);

/** The live session for a token in an area, or null (unknown, expired, revoked). */
export async function findLiveSession(db: Db, area: Area, token: string, now = Date.now()): Promise<SessionRow | null> {
  if (!token || token.length > 200) return null;
  const cached = dialectOf(db) === 'sqlite';
  const key = `${area}:${token}`;
  const hit = cached ? sessionCache.get(key) : undefined;
  if (hit) {
    if (hit.expiresAt > now && now - hit.readAt < SESSION_CACHE_MS && now >= hit.readAt) {
      return { id: hit.id, actorId: hit.actorId, expiresAt: hit.expiresAt, lastSeenAt: hit.lastSeenAt };
    }
    sessionCache.delete(key);
  }
  const epoch = sessionEpoch;
  const row = await liveSession.first(db, sha256(token), area, now);
  if (!row) return null;
  if (now - row.last_seen_at > TOUCH_EVERY_MS) {
    await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', row.id).execute();
  }
  const session = { id: row.id, actorId: row.actor_id, expiresAt: row.expires_at, lastSeenAt: row.last_seen_at };
  if (cached && epoch === sessionEpoch) sessionCache.set(key, withFields(session, { area, readAt: now }));
  return session;
}

export async function revokeSession(db: Db, sessionId: number, now = Date.now()): Promise<void> {
  evictSessions((s) => s.id === sessionId);
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of an actor (password change, forced logout), optionally keeping one. */
export async function revokeActorSessions(
  db: Db,
  area: Area,
  actorId: number,
  exceptSessionId?: number,
  now = Date.now(),
): Promise<number> {
  evictSessions((s) => s.area === area && s.actorId === actorId && s.id !== exceptSessionId);
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('area', '=', area)
    .where('actor_id', '=', actorId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId !== undefined) q = q.where('id', '!=', exceptSessionId);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}
