import path from 'node:path';
import { Writable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app.js';
import { loadConfig } from '../../src/core/config.js';
import { connectDatabase, type Dialect } from '../../src/core/db/connect.js';
import { appliedMigrations, migrateToLatest, MIGRATION_NAMES } from '../../src/core/db/migrate.js';
import { ADMIN_PASSWORD, dialects, freshDatabase } from '../helper.js';

/** Migrations and the first start as instances run them: the log, rolling upgrades, starting together. */

interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

const WARN = 40;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function database(dialect: Dialect) {
  const db = await freshDatabase(dialect);
  cleanups.push(db.drop);
  return db;
}

/** Starts the app (own connection) on the database and keeps the log lines it writes. */
async function start(db: { url?: string; dataDir: string }): Promise<BuiltApp & { log: LogLine[] }> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' }, { dataDir: db.dataDir, databaseUrl: db.url });
  config.sqliteFile = path.join(db.dataDir, 'kapu.sqlite');
  const log: LogLine[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) log.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const database = connectDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, poolSize: 4 });
  try {
    const built = await buildApp(config, { database, seedAdminPassword: ADMIN_PASSWORD, logStream });
    cleanups.push(() => built.close());
    return { ...built, log };
  } catch (err) {
    await database.close();
    throw err;
  }
}

/** Direct access to the database, as an operator's SQL client would have. */
async function openDirect(db: { url?: string; dataDir: string }) {
  const handle = connectDatabase({
    databaseUrl: db.url,
    sqliteFile: path.join(db.dataDir, 'kapu.sqlite'),
    poolSize: 2,
  });
  cleanups.push(() => handle.close());
  return handle.db as unknown as Kysely<unknown>;
}

async function serves(built: BuiltApp): Promise<void> {
  expect((await built.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  const dirs = await built.app.inject({ method: 'POST', url: '/inside/goods/getDirs', payload: {} });
  expect(dirs.json<{ code: number }>().code).toBe(1000);
}

describe.each(dialects())('migrations and first start on %s', (dialect) => {
  it('logs each migration applied with its duration, then the level; a restart applies none', async () => {
    const db = await database(dialect);
    const first = await start(db);
    const applied = first.log.filter((l) => l.msg.includes('migration applied'));
    expect(applied.map((l) => l.migration)).toEqual(MIGRATION_NAMES);
    for (const line of applied) {
      expect(line.level).toBe(30);
      expect(typeof line.ms).toBe('number');
      expect(line.msg).toContain(line.migration as string);
    }
    const level = first.log.find((l) => l.msg.includes('database at migration level'));
    expect(level).toMatchObject({ level: 30, migration: MIGRATION_NAMES.at(-1), count: MIGRATION_NAMES.length });
    expect(level!.msg).toContain(`database at migration level ${MIGRATION_NAMES.at(-1)}`);
    await first.close();

    const again = await start(db);
    expect(again.firstStart).toBeNull();
    expect(again.log.filter((l) => l.msg.includes('migration applied'))).toEqual([]);
    expect(again.log.some((l) => l.msg.includes(`database at migration level ${MIGRATION_NAMES.at(-1)}`))).toBe(true);
    await serves(again);
  });

  it('an older build starts in compatibility mode on a database a newer release migrated', async () => {
    const db = await database(dialect);
    await (await start(db)).close();
    // A newer release added a migration this build does not know.
    const direct = await openDirect(db);
    await sql`insert into kysely_migration (name, timestamp) values ('0099-future', ${new Date().toISOString()})`.execute(
      direct,
    );

    const old = await start(db);
    const warning = old.log.find((l) => l.level === WARN && l.msg.includes('兼容模式'));
    expect(warning?.msg).toContain('数据库已由较新版本迁移到 0099-future，本实例（较旧版本）以兼容模式运行');
    expect(warning?.newer).toEqual(['0099-future']);
    expect(old.log.filter((l) => l.msg.includes('migration applied'))).toEqual([]);
    expect(old.log.some((l) => l.msg.includes('database at migration level 0099-future'))).toBe(true);
    await serves(old);
    // Nothing was run or recorded by the older build.
    expect(await appliedMigrations(direct, dialect)).toEqual([...MIGRATION_NAMES, '0099-future']);
  });

  it('refuses, in Chinese, a database missing one of its migrations before later ones', async () => {
    const db = await database(dialect);
    const direct = await openDirect(db);
    await migrateToLatest(direct, dialect);
    await sql`delete from kysely_migration where name = ${MIGRATION_NAMES[3]!}`.execute(direct);
    await expect(start(db)).rejects.toThrow(`数据库迁移记录不连续：本版本的迁移 ${MIGRATION_NAMES[3]} 没有执行`);
  });

  it.runIf(dialect === 'postgres')(
    'a first start that died after taking a site number still seeds site 1; the next site gets 2',
    async () => {
      const db = await database(dialect);
      const direct = await openDirect(db);
      await migrateToLatest(direct, dialect);
      // What a crashed first start leaves behind: no rows, the sequence moved on (never rolled back).
      await sql`select nextval(pg_get_serial_sequence('sites', 'id'))`.execute(direct);
      await sql`select nextval(pg_get_serial_sequence('sites', 'id'))`.execute(direct);
      const app = await start(db);
      expect(app.firstStart).not.toBeNull();
      await serves(app);
      const next = await sql<{ id: number }>`
      insert into sites (parent_id, owner_user_id, title, subtitle, path, domain, status, created_at)
      values (1, null, 'sub', '', 'sub', null, 'active', 0) returning id`.execute(direct);
      expect(Number(next.rows[0]!.id)).toBe(2);
    },
  );

  it('three instances started at once on a new database: one seeds, all serve', async () => {
    const db = await database(dialect);
    const apps = await Promise.all([start(db), start(db), start(db)]);
    expect(apps.filter((a) => a.firstStart !== null)).toHaveLength(1);
    for (const app of apps) await serves(app);
    expect(new Set(apps.map((a) => a.deps.settings.adminPath)).size).toBe(1);
    const direct = await openDirect(db);
    const { rows } = await sql<{ sites: number; supers: number }>`
      select (select count(*) from sites) as sites, (select count(*) from staff where is_super = 1) as supers`.execute(
      direct,
    );
    expect(rows[0]).toEqual({ sites: 1, supers: 1 });
  });
});
