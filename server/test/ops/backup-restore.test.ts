import SQLite from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/core/config.js';
import { MIGRATION_NAMES } from '../../src/core/db/migrate.js';
import { RestoreRefused, createBackup, restoreBackup } from '../../src/ops/backup.js';
import { writeRunFile } from '../../src/ops/run-files.js';
import { buildTestApp, freshDatabase, registerMember } from '../helper.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'kapu-ops-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function memberNames(sqliteFile: string): string[] {
  const db = new SQLite(sqliteFile, { readonly: true });
  try {
    return (db.prepare('SELECT login_name AS n FROM users ORDER BY id').all() as Array<{ n: string }>).map((r) => r.n);
  } finally {
    db.close();
  }
}

describe('backup and restore on SQLite', () => {
  it('backs up online, restores only the rows of the backup over a stale -wal, and the shop starts on it', async () => {
    const t = await buildTestApp('sqlite');
    const dataDir = t.config.dataDir;
    const lines: string[] = [];
    try {
      await registerMember(t, 'keepme');
      mkdirSync(path.join(dataDir, 'uploads', '2026'), { recursive: true });
      writeFileSync(path.join(dataDir, 'uploads', '2026', 'logo.png'), 'png-bytes');

      // Online: the app is still open and writing.
      const archive = path.join(scratch, 'sqlite.tar.gz');
      const { file, manifest } = await createBackup({ dataDir, out: archive });
      expect(file).toBe(archive);
      expect(statSync(archive).mode & 0o777).toBe(0o600);
      expect(manifest.database).toEqual({ kind: 'sqlite', file: 'kapu.sqlite' });
      expect(manifest.migration).toEqual({ last: MIGRATION_NAMES.at(-1), count: MIGRATION_NAMES.length });
      expect(manifest.appVersion).toBe(
        JSON.parse(readFileSync(path.resolve(__dirname, '../../../package.json'), 'utf8')).version,
      );
      expect(manifest.counts.users).toBe(1);
      expect(manifest.keys).toEqual(['card.key', 'secret-box.key']);
      expect(manifest.uploads).toBe(1);

      // More rows after the backup; keep the WAL that holds them to leave it behind later.
      await registerMember(t, 'lateuser');
      writeFileSync(path.join(dataDir, 'uploads', '2026', 'late.png'), 'late');
      const wal = path.join(dataDir, 'kapu.sqlite-wal');
      const stash = path.join(scratch, 'stale-wal');
      if (existsSync(wal)) copyFileSync(wal, stash);
      else writeFileSync(stash, randomBytes(4096));
      await t.close();
      copyFileSync(stash, wal);
      expect(memberNames(path.join(dataDir, 'kapu.sqlite'))).toEqual(['keepme', 'lateuser']);
      copyFileSync(stash, wal); // reading above may have checkpointed it; leave it stale again

      await restoreBackup({ dataDir, archive, say: (l) => lines.push(l) });
      expect(existsSync(wal)).toBe(false);
      expect(existsSync(path.join(dataDir, 'kapu.sqlite-shm'))).toBe(false);
      expect(memberNames(path.join(dataDir, 'kapu.sqlite'))).toEqual(['keepme']);
      const db = new SQLite(path.join(dataDir, 'kapu.sqlite'), { readonly: true });
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      db.close();
      expect(existsSync(path.join(dataDir, 'uploads', '2026', 'logo.png'))).toBe(true);
      expect(existsSync(path.join(dataDir, 'uploads', '2026', 'late.png'))).toBe(false);
      expect(statSync(path.join(dataDir, 'keys', 'card.key')).mode & 0o777).toBe(0o600);
      const said = lines.join('\n');
      expect(said).toContain('恢复完成');
      expect(said).toContain(`数据库迁移 ${MIGRATION_NAMES.at(-1)}`);
      expect(said).toContain('integrity_check: ok');
      expect(said).toContain('会员 1');

      // The shop starts on the restored folder: the key check passes and the member is there.
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { dataDir });
      const again = await buildApp(config, { logger: false });
      const users = await again.deps.db.selectFrom('users').select('login_name').execute();
      expect(users.map((u) => u.login_name)).toEqual(['keepme']);
      await again.close();
    } finally {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses while an instance runs on the folder, and when the keys do not match', async () => {
    const t = await buildTestApp('sqlite');
    const dataDir = t.config.dataDir;
    try {
      const archive = path.join(scratch, 'refuse.tar.gz');
      await createBackup({ dataDir, out: archive });
      const removeRunFile = writeRunFile(dataDir, 8080);
      await expect(restoreBackup({ dataDir, archive })).rejects.toThrow(/正在运行的卡铺实例/);
      removeRunFile();
      await t.close();

      const before = readFileSync(path.join(dataDir, 'kapu.sqlite'));
      const otherKey = randomBytes(32).toString('base64');
      const refused = restoreBackup({ dataDir, archive, cardKey: otherKey });
      await expect(refused).rejects.toBeInstanceOf(RestoreRefused);
      await expect(refused).rejects.toThrow(/card 密钥与数据库不匹配/);
      // Nothing was touched.
      expect(readFileSync(path.join(dataDir, 'kapu.sqlite')).equals(before)).toBe(true);

      await expect(restoreBackup({ dataDir, archive: path.join(scratch, 'missing.tar.gz') })).rejects.toThrow(
        /找不到备份文件/,
      );
    } finally {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.runIf(inject('pgAdminUrl'))('backup and restore on PostgreSQL', () => {
  it('archives keys, uploads and a pg_dump; restores into a new database and the shop starts on it', async () => {
    const t = await buildTestApp('postgres');
    const target = await freshDatabase('postgres');
    const lines: string[] = [];
    try {
      await registerMember(t, 'pgmember');
      writeFileSync(path.join(t.config.dataDir, 'uploads', 'a.png'), 'a');
      const archive = path.join(scratch, 'pg.tar.gz');
      const { manifest, warnings } = await createBackup({
        dataDir: t.config.dataDir,
        databaseUrl: t.config.databaseUrl,
        out: archive,
        say: (l) => lines.push(l),
      });
      expect(manifest.database.kind).toBe('postgres');
      expect(manifest.migration.last).toBe(MIGRATION_NAMES.at(-1));
      expect(manifest.counts.users).toBe(1);
      expect(manifest.uploads).toBe(1);
      if (!manifest.database.file) {
        // No pg_dump on this machine: the backup says how to dump the database.
        expect(warnings.join('\n')).toContain('pg_dump');
        return;
      }
      expect(manifest.database.file).toBe('database.dump');

      await restoreBackup({ dataDir: target.dataDir, databaseUrl: target.url, archive, say: (l) => lines.push(l) });
      expect(lines.join('\n')).toContain('数据库 PostgreSQL：会员 1');
      expect(readFileSync(path.join(target.dataDir, 'keys', 'card.key'), 'utf8')).toBe(
        readFileSync(path.join(t.config.dataDir, 'keys', 'card.key'), 'utf8'),
      );
      expect(existsSync(path.join(target.dataDir, 'uploads', 'a.png'))).toBe(true);

      const config = loadConfig(
        { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
        { dataDir: target.dataDir, databaseUrl: target.url },
      );
      const restored = await buildApp(config, { logger: false });
      const users = await restored.deps.db.selectFrom('users').select('login_name').execute();
      expect(users.map((u) => u.login_name)).toEqual(['pgmember']);
      await restored.close();
    } finally {
      await t.dispose();
      await target.drop();
    }
  });
});
