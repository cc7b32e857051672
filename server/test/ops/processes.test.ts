import SQLite from 'better-sqlite3';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig, REPO_ROOT } from '../../src/core/config.js';
import { verifyPassword } from '../../src/core/crypto.js';
import type { Dialect } from '../../src/core/db/connect.js';
import { MIGRATION_NAMES } from '../../src/core/db/migrate.js';
import type { RunFile } from '../../src/ops/run-files.js';
import { dialects, freshDatabase } from '../helper.js';

/** Real processes: `npm start`, scripts/start.mjs, the built server and the backup scripts. */
const GRACE_MS = 4_000;
const started: ChildProcess[] = [];
const folders: string[] = [];

beforeAll(() => {
  // The scripts run the build in dist/; make it current once, before any of them starts.
  const res = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: REPO_ROOT, stdio: 'inherit' });
  expect(res.status).toBe(0);
}, 300_000);

afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

function dataFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'kapu-proc-'));
  folders.push(dir);
  return dir;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function answers(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1_000) });
    return res.ok;
  } catch {
    return false;
  }
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

function runFile(dataDir: string): RunFile | undefined {
  const dir = path.join(dataDir, 'run');
  const name = existsSync(dir) ? readdirSync(dir).find((n) => n.endsWith('.json')) : undefined;
  return name ? (JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as RunFile) : undefined;
}

function launch(
  cmd: string,
  args: string[],
  env: Record<string, string>,
): { child: ChildProcess; out: () => string; err: () => string } {
  let out = '';
  let err = '';
  const child = spawn(cmd, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', JOBS: 'off', REDIS_URL: '', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  return { child, out: () => out, err: () => err };
}

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

const script = (name: string, args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, [path.join('scripts', name), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
  });

describe('shutdown grace setting', () => {
  it('defaults to 10 s (Docker stops with SIGKILL after 10 s) and follows SHUTDOWN_GRACE_MS', () => {
    const dir = dataFolder();
    expect(loadConfig({ DATA_DIR: dir }).shutdownGraceMs).toBe(10_000);
    expect(loadConfig({ DATA_DIR: dir, SHUTDOWN_GRACE_MS: '3000' }).shutdownGraceMs).toBe(3_000);
  });
});

describe('memory target setting', () => {
  it('defaults to 170 MB, takes 0 for V8 own sizing, and refuses what no process runs in', () => {
    const dir = dataFolder();
    expect(loadConfig({ DATA_DIR: dir }).memoryTargetMb).toBe(170);
    expect(loadConfig({ DATA_DIR: dir, MEMORY_TARGET_MB: '512' }).memoryTargetMb).toBe(512);
    expect(loadConfig({ DATA_DIR: dir, MEMORY_TARGET_MB: '0' }).memoryTargetMb).toBe(0);
    expect(() => loadConfig({ DATA_DIR: dir, MEMORY_TARGET_MB: '32' })).toThrow(/MEMORY_TARGET_MB/);
    expect(() => loadConfig({ DATA_DIR: dir, MEMORY_TARGET_MB: 'lots' })).toThrow();
  });
});

describe('npm start and stop', () => {
  it('scripts/start.mjs: JSON banner, password in a 0600 file, backup while running, restore refused, SIGTERM stops the server', async () => {
    const dataDir = dataFolder();
    const port = await freePort();
    const { child, out } = launch(process.execPath, ['scripts/start.mjs'], {
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
    });
    expect(await until(() => answers(port), 60_000)).toBe(true);
    const run = runFile(dataDir)!;
    expect(run.port).toBe(port);
    expect(run.pid).not.toBe(child.pid);
    expect(parentOf(run.pid)).toBe(child.pid);

    // Production: every stdout line is JSON; the banner is one of them; no password in it.
    await until(() => out().includes('"event":"started"'), 5_000);
    const records = out()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const banner = records.find((r) => r.event === 'started')!;
    expect(banner.adminUrl).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/[a-z0-9]{10}/index$`));
    const passwordFile = (banner.firstStart as { passwordFile: string }).passwordFile;
    expect(passwordFile).toBe(path.join(dataDir, 'admin-password.txt'));
    expect(statSync(passwordFile).mode & 0o777).toBe(0o600);
    const password = /密码 password: (\S+)/.exec(readFileSync(passwordFile, 'utf8'))![1]!;
    expect(password.length).toBeGreaterThanOrEqual(14);
    expect(out()).not.toContain(password);

    // Backup while it runs (online); restore must wait until it is stopped.
    const archive = path.join(dataDir, '..', `${path.basename(dataDir)}.tar.gz`);
    folders.push(archive);
    const backup = script('backup.mjs', ['--out', archive], { DATA_DIR: dataDir });
    expect(backup.stdout).toContain('备份完成');
    expect(backup.status).toBe(0);
    const refused = script('restore.mjs', [archive], { DATA_DIR: dataDir });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('正在运行的卡铺实例');

    const stopAt = Date.now();
    child.kill('SIGTERM');
    const { code } = await exited(child);
    expect(code).toBe(0);
    expect(Date.now() - stopAt).toBeLessThan(GRACE_MS);
    expect(await answers(port)).toBe(false);
    expect(alive(run.pid)).toBe(false);
    expect(runFile(dataDir)).toBeUndefined();

    const restored = script('restore.mjs', [archive], { DATA_DIR: dataDir });
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    expect(restored.stdout).toContain('恢复完成');
  }, 120_000);

  it('npm start: SIGTERM to npm stops the wrapper and the server within the grace', async () => {
    const dataDir = dataFolder();
    const port = await freePort();
    const { child } = launch('npm', ['start'], {
      PORT: String(port),
      DATA_DIR: dataDir,
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
    });
    expect(await until(() => answers(port), 60_000)).toBe(true);
    const server = runFile(dataDir)!.pid;
    const wrapper = parentOf(server);
    expect(alive(wrapper)).toBe(true);

    child.kill('SIGTERM');
    await exited(child);
    expect(await until(() => !alive(server) && !alive(wrapper), GRACE_MS)).toBe(true);
    expect(await answers(port)).toBe(false);
  }, 120_000);

  it('KAPU_ADMIN_PASSWORD sets the first password, which is never printed', async () => {
    const dataDir = dataFolder();
    const port = await freePort();
    const chosen = 'Env-Admin-Pass-2026';
    const { child, out } = launch(process.execPath, ['server/dist/main.js'], {
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      KAPU_ADMIN_PASSWORD: chosen,
    });
    expect(await until(() => answers(port), 60_000)).toBe(true);
    await until(() => out().includes('KAPU_ADMIN_PASSWORD'), 5_000);
    expect(out()).toContain('卡铺 Kapu 已启动');
    expect(out()).toContain('KAPU_ADMIN_PASSWORD');
    expect(out()).not.toContain(chosen);
    expect(existsSync(path.join(dataDir, 'admin-password.txt'))).toBe(false);
    child.kill('SIGTERM');
    expect((await exited(child)).code).toBe(0);

    const db = new SQLite(path.join(dataDir, 'kapu.sqlite'), { readonly: true });
    const { password_hash: hash } = db.prepare("SELECT password_hash FROM staff WHERE username = 'admin'").get() as {
      password_hash: string;
    };
    db.close();
    expect(await verifyPassword(chosen, hash)).toBe(true);
  }, 120_000);
});

/** Platform sites and super admins in the database the servers ran on. */
async function seededRows(db: { url?: string; dataDir: string }): Promise<{ sites: number; supers: number }> {
  const query =
    'select (select count(*) from sites) as sites, (select count(*) from staff where is_super = 1) as supers';
  if (!db.url) {
    const file = new SQLite(path.join(db.dataDir, 'kapu.sqlite'), { readonly: true });
    try {
      return file.prepare(query).get() as { sites: number; supers: number };
    } finally {
      file.close();
    }
  }
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ sites: string; supers: string }>(query);
    return { sites: Number(rows[0]!.sites), supers: Number(rows[0]!.supers) };
  } finally {
    await client.end();
  }
}

async function getDirs(port: number): Promise<number | undefined> {
  const res = await fetch(`http://127.0.0.1:${port}/inside/goods/getDirs`, {
    method: 'POST',
    signal: AbortSignal.timeout(5_000),
  });
  return ((await res.json()) as { code?: number }).code;
}

/** A server process on the database, sharing one DATA_DIR (the same keys), as scale-out runs them. */
async function serverOn(db: { url?: string; dataDir: string }, env: Record<string, string> = {}) {
  const port = await freePort();
  const proc = launch(process.execPath, ['server/dist/main.js'], {
    PORT: String(port),
    DATA_DIR: db.dataDir,
    DATABASE_URL: db.url ?? '',
    NODE_ENV: 'production',
    ...env,
  });
  const up = await until(() => proc.child.exitCode !== null || answers(port), 60_000);
  return { ...proc, port, up: up && proc.child.exitCode === null };
}

async function stopAll(procs: { child: ChildProcess }[]): Promise<void> {
  for (const p of procs) p.child.kill('SIGTERM');
  await Promise.all(procs.map((p) => exited(p.child)));
}

describe.each(dialects())('instances started together on a new database (%s)', (dialect: Dialect) => {
  it('10 rounds of 3 servers at once: all serve, exactly one platform site and one super admin', async () => {
    for (let round = 0; round < 10; round++) {
      const db = await freshDatabase(dialect);
      try {
        const procs = await Promise.all([serverOn(db), serverOn(db), serverOn(db)]);
        try {
          for (const p of procs) {
            expect(p.up, `round ${round}: ${p.err()}`).toBe(true);
            expect(await getDirs(p.port)).toBe(1000);
          }
          expect(await seededRows(db)).toEqual({ sites: 1, supers: 1 });
          // One of them seeded; the banner of exactly one names the first start.
          expect(procs.filter((p) => p.out().includes('"firstStart":{')).length).toBe(1);
        } finally {
          await stopAll(procs);
        }
      } finally {
        await db.drop();
      }
    }
    // Real processes on two cores next to other suites: generous, a round is a few seconds.
  }, 600_000);
});

describe.runIf(inject('pgAdminUrl'))('rolling upgrade: an older server on a database a newer release migrated', () => {
  it('starts in compatibility mode, says so in its log and serves', async () => {
    const db = await freshDatabase('postgres');
    try {
      const first = await serverOn(db);
      expect(first.up, first.err()).toBe(true);
      expect(first.out()).toContain(`database at migration level ${MIGRATION_NAMES.at(-1)}`);
      for (const name of MIGRATION_NAMES) expect(first.out()).toContain(`已执行数据库迁移 ${name}`);
      await stopAll([first]);

      // The newer release's instance migrated past what this build knows.
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      await client.query("insert into kysely_migration (name, timestamp) values ('0099-future', $1)", [
        new Date().toISOString(),
      ]);
      await client.end();

      const old = await serverOn(db);
      expect(old.up, old.err()).toBe(true);
      expect(old.out()).toContain('数据库已由较新版本迁移到 0099-future，本实例（较旧版本）以兼容模式运行');
      expect(old.out()).not.toContain('已执行数据库迁移');
      expect(await getDirs(old.port)).toBe(1000);
      await stopAll([old]);
    } finally {
      await db.drop();
    }
  }, 120_000);
});
