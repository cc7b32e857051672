import SQLite from 'better-sqlite3';
import type { Dialect } from './connect.js';
import { postgresDriver } from './connect.js';

/** Fixed key of the PostgreSQL advisory lock held while one instance migrates and seeds ('kapu'). */
export const START_LOCK_KEY = 0x6b617075;

/** Longest wait for another instance's migrations before this one gives up. */
const WAIT_LIMIT_MS = 15 * 60_000;
const RETRY_MS = 100;

interface StartLockLog {
  info(obj: object, msg: string): void;
}

export interface StartLockTarget {
  dialect: Dialect;
  databaseUrl?: string;
  sqliteFile: string;
}

/** The file whose exclusive SQLite lock stands for "someone is migrating this database". */
export function startLockFile(sqliteFile: string): string {
  return `${sqliteFile}.start-lock`;
}

/**
 * Runs `work` (migrations and the first-start seeding) while holding a lock on the database,
 * so that of several instances starting at once on a new database one migrates and seeds and
 * the others wait, then find everything in place. The operating system (SQLite) or the
 * database server (PostgreSQL) drops the lock when a holder dies, so a crash never leaves it behind.
 *
 * PostgreSQL: a session advisory lock on a connection of its own (not from the pool, which
 * `work` needs; a pool of one would otherwise wait for itself).
 * SQLite: an exclusive transaction on a small lock database beside the data file; the data
 * file itself stays free for `work` (a lock on it would block the migrations too).
 */
export async function withStartLock<T>(target: StartLockTarget, log: StartLockLog, work: () => Promise<T>): Promise<T> {
  if (target.dialect === 'postgres') {
    if (!target.databaseUrl) return work();
    const client = new (postgresDriver().Client)({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ got: boolean }>(`select pg_try_advisory_lock(${START_LOCK_KEY}) as got`);
      if (!rows[0]?.got) {
        log.info(
          { lock: START_LOCK_KEY },
          '另一实例正在迁移数据库，等待其完成 (waiting for another instance to migrate)',
        );
        await client.query(`set lock_timeout = ${WAIT_LIMIT_MS}`);
        await client.query(`select pg_advisory_lock(${START_LOCK_KEY})`);
      }
      try {
        return await work();
      } finally {
        await client.query(`select pg_advisory_unlock(${START_LOCK_KEY})`).catch(() => undefined);
      }
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  if (target.sqliteFile === '' || target.sqliteFile === ':memory:') return work();
  const lock = new SQLite(startLockFile(target.sqliteFile));
  try {
    // Waiting here instead of in SQLite's busy handler keeps the event loop free.
    lock.pragma('busy_timeout = 0');
    const giveUpAt = Date.now() + WAIT_LIMIT_MS;
    let told = false;
    for (;;) {
      try {
        lock.exec('BEGIN EXCLUSIVE');
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== 'SQLITE_BUSY') throw err;
        if (Date.now() > giveUpAt)
          throw new Error(
            `等待其他实例完成数据库迁移超时（${startLockFile(target.sqliteFile)}）。 (Timed out waiting for another instance to migrate.)`,
          );
        if (!told)
          log.info(
            { lock: startLockFile(target.sqliteFile) },
            '另一实例正在迁移数据库，等待其完成 (waiting for another instance to migrate)',
          );
        told = true;
        await new Promise((r) => setTimeout(r, RETRY_MS));
      }
    }
    try {
      return await work();
    } finally {
      lock.exec('COMMIT');
    }
  } finally {
    lock.close();
  }
}
