import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectDatabase, type DbHandle } from './connect.js';

/** The files this process holds open that SQLite created as temporary files (named etilqs_…). */
function sqliteTempFiles(): string[] {
  const fds = '/proc/self/fd';
  return readdirSync(fds)
    .map((fd) => {
      try {
        return readlinkSync(path.join(fds, fd));
      } catch {
        return ''; // closed meanwhile
      }
    })
    .filter((target) => target.includes('etilqs_'));
}

describe('SQLite connection', () => {
  let dir: string;
  let handle: DbHandle;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'kapu-connect-'));
    handle = connectDatabase({ sqliteFile: path.join(dir, 'shop.db') });
  });
  afterEach(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.runIf(process.platform === 'linux')(
    'keeps a savepoint’s sub-journal in memory: a savepoint that changes many pages writes no temporary file',
    async () => {
      const { db } = handle;
      await sql`create table notes (id integer primary key, body text not null)`.execute(db);
      // A group's joining transaction runs in a savepoint; 200 rows of 2 KB change ~100 pages (400 KB),
      // past the 64 KB that SQLite keeps in memory before it spills the sub-journal to a file.
      const seen = await db.transaction().execute(async (trx) => {
        await sql`insert into notes (body) values (${'first'})`.execute(trx);
        await sql`savepoint joiner`.execute(trx);
        for (let i = 0; i < 200; i++) await sql`insert into notes (body) values (${'x'.repeat(2048)})`.execute(trx);
        await sql`update notes set body = body || ${'y'}`.execute(trx);
        const files = sqliteTempFiles();
        await sql`release joiner`.execute(trx);
        return files;
      });
      expect(seen).toEqual([]);
      const { rows } = await sql<{ n: number }>`select count(*) as n from notes`.execute(db);
      expect(Number(rows[0]!.n)).toBe(201);
    },
  );
});
