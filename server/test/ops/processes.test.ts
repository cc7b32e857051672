import SQLite from 'better-sqlite3';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from '../../src/core/config.js';
import { verifyPassword } from '../../src/core/crypto.js';
import type { RunFile } from '../../src/ops/run-files.js';

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

function launch(cmd: string, args: string[], env: Record<string, string>): { child: ChildProcess; out: () => string } {
  let out = '';
  const child = spawn(cmd, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', JOBS: 'off', REDIS_URL: '', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', () => undefined);
  return { child, out: () => out };
}

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

const script = (name: string, args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, [path.join('scripts', name), ...args], { cwd: REPO_ROOT, env: { ...process.env, DATABASE_URL: '', ...env }, encoding: 'utf8' });

describe('shutdown grace setting', () => {
  it('defaults to 10 s (Docker stops with SIGKILL after 10 s) and follows SHUTDOWN_GRACE_MS', () => {
    const dir = dataFolder();
    expect(loadConfig({ DATA_DIR: dir }).shutdownGraceMs).toBe(10_000);
    expect(loadConfig({ DATA_DIR: dir, SHUTDOWN_GRACE_MS: '3000' }).shutdownGraceMs).toBe(3_000);
  });
});

describe('npm start and stop', () => {
  it('scripts/start.mjs: JSON banner, password in a 0600 file, backup while running, restore refused, SIGTERM stops the server', async () => {
    const dataDir = dataFolder();
    const port = await freePort();
    const { child, out } = launch(process.execPath, ['scripts/start.mjs'], { PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production', SHUTDOWN_GRACE_MS: String(GRACE_MS) });
    expect(await until(() => answers(port), 60_000)).toBe(true);
    const run = runFile(dataDir)!;
    expect(run.port).toBe(port);
    expect(run.pid).not.toBe(child.pid);
    expect(parentOf(run.pid)).toBe(child.pid);

    // Production: every stdout line is JSON; the banner is one of them; no password in it.
    await until(() => out().includes('"event":"started"'), 5_000);
    const records = out().trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
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
    const { child } = launch('npm', ['start'], { PORT: String(port), DATA_DIR: dataDir, SHUTDOWN_GRACE_MS: String(GRACE_MS) });
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
    const { child, out } = launch(process.execPath, ['server/dist/main.js'], { PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'development', KAPU_ADMIN_PASSWORD: chosen });
    expect(await until(() => answers(port), 60_000)).toBe(true);
    await until(() => out().includes('KAPU_ADMIN_PASSWORD'), 5_000);
    expect(out()).toContain('卡铺 Kapu 已启动');
    expect(out()).toContain('KAPU_ADMIN_PASSWORD');
    expect(out()).not.toContain(chosen);
    expect(existsSync(path.join(dataDir, 'admin-password.txt'))).toBe(false);
    child.kill('SIGTERM');
    expect((await exited(child)).code).toBe(0);

    const db = new SQLite(path.join(dataDir, 'kapu.sqlite'), { readonly: true });
    const { password_hash: hash } = db.prepare("SELECT password_hash FROM staff WHERE username = 'admin'").get() as { password_hash: string };
    db.close();
    expect(await verifyPassword(chosen, hash)).toBe(true);
  }, 120_000);
});
