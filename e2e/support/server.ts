import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  baseUrl: string;
  adminPath: string;
  adminPassword: string;
  pid: number;
  dataDir: string;
  output: () => string;
  exitCode: () => number | null;
  /** SIGTERM and wait; the data directory is removed unless `keepData`. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built server (`server/dist/main.js`, what `npm start` runs) on a fresh data
 * directory and a free port, and reads the first-start admin path from its banner and the
 * password from the file the banner names (production) or the banner itself (development).
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'kapu-e2e-'));
  // Extra Node flags for the server process only (e.g. --cpu-prof while profiling a benchmark).
  const nodeArgs = (process.env.KAPU_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // As `npm start` runs it (scripts/start.mjs): a young generation of 2 × 8 MB.
  if (!nodeArgs.some((a) => a.startsWith('--max-semi-space-size'))) nodeArgs.push('--max-semi-space-size=8');
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, path.join(REPO_ROOT, 'server/dist/main.js')], {
    cwd: REPO_ROOT,
    env: {
      // As `npm start` runs it (scripts/start.mjs): freed large blocks go back to the system.
      MALLOC_MMAP_THRESHOLD_: '131072',
      MALLOC_ARENA_MAX: '2',
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // A web build of one's own (vite build --outDir …) when several people test at once.
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));

  // Production prints the banner as a JSON line ("event":"started") and leaves the first
  // password in a 0600 file; development prints text with the password.
  const banner = () => out.split('\n').find((line) => line.includes('"event":"started"'));
  const started = Date.now();
  while (!banner() && !/后台地址 Admin: \S+\/index/.test(out)) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    if (Date.now() - started > 30_000) throw new Error(`server did not start in 30 s:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  let adminPath = '';
  let adminPassword = '';
  const line = banner();
  if (line) {
    const record = JSON.parse(line) as { adminUrl: string; firstStart?: { passwordFile?: string } };
    adminPath = /^http:\/\/[^/]+\/([^/]+)\/index$/.exec(record.adminUrl)?.[1] ?? '';
    const file = record.firstStart?.passwordFile;
    if (file) adminPassword = /密码 password: (\S+)/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
  } else {
    adminPath = /后台地址 Admin: http:\/\/[^/]+\/([^/\s]+)\/index/.exec(out)?.[1] ?? '';
    adminPassword = /密码 password:\s+(\S+)/.exec(out)?.[1] ?? '';
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    adminPath,
    adminPassword,
    pid: child.pid!,
    dataDir,
    output: () => out,
    exitCode: () => child.exitCode,
    async stop(stopOptions = {}) {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!stopOptions.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** POSTs a form to the running server like the web client does; returns the envelope. */
export async function call(
  server: { baseUrl: string },
  url: string,
  body: Record<string, string> = {},
  token?: string,
  headers: Record<string, string> = {},
): Promise<{ code: number; msg: string; data: Record<string, unknown> | null }> {
  const res = await fetch(server.baseUrl + url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(token ? { authorization: token } : {}),
      ...headers,
    },
    body: new URLSearchParams(body).toString(),
  });
  return (await res.json()) as { code: number; msg: string; data: Record<string, unknown> | null };
}

/** Logs the super admin in through the API (the printed first-start password). */
export async function adminToken(server: RunningServer): Promise<string> {
  const res = await call(server, `/${server.adminPath}/auth/login`, {
    username: 'admin',
    password: server.adminPassword,
  });
  if (res.code !== 1000) throw new Error(`admin login failed: ${res.code} ${res.msg}`);
  return String(res.data?.authCode);
}

/** `call` that must succeed (code 1000): answers the data, fails the test with the message otherwise. */
export async function callOk(
  server: { baseUrl: string },
  url: string,
  body: Record<string, string> = {},
  token?: string,
): Promise<Record<string, unknown>> {
  const r = await call(server, url, body, token);
  if (r.code !== 1000) throw new Error(`${url}: ${r.code} ${r.msg}`);
  return r.data ?? {};
}

/** Lets tests register members without the image captcha (the shop's security settings). */
export async function registerWithoutCaptcha(
  server: { baseUrl: string },
  adminPath: string,
  admin: string,
): Promise<void> {
  await callOk(
    server,
    `/${adminPath}/settings/security`,
    { captchaAfter: '3', lockAfter: '10', lockMinutes: '15', registerCaptcha: '0' },
    admin,
  );
}

/** A second-level directory of the demo catalogue, for goods the test creates. */
export async function demoSubDirId(server: { baseUrl: string }, adminPath: string, admin: string): Promise<string> {
  const dirs = (await callOk(server, `/${adminPath}/catalog/dirs`, {}, admin)) as unknown as Array<{
    id: number;
    parentId: number | null;
  }>;
  return String(dirs.find((d) => d.parentId !== null)!.id);
}
