import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/core/config.js';
import { connectDatabase, type DbHandle, type Dialect } from '../src/core/db/connect.js';
import { storeCaptcha } from '../src/modules/verification/index.js';

export const ADMIN_PASSWORD = 'Admin-Pass-2026';

/** The dialects this run tests on: SQLite always, PostgreSQL when reachable (always in CI). */
export function dialects(): Dialect[] {
  return inject('pgAdminUrl') ? ['sqlite', 'postgres'] : ['sqlite'];
}

function withDatabase(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh, empty database of the dialect with a random name; dropped by `drop()`. */
export async function freshDatabase(
  dialect: Dialect,
): Promise<{ url?: string; dataDir: string; drop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kapu-test-'));
  if (dialect === 'sqlite') {
    return { dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const adminUrl = inject('pgAdminUrl');
  const name = `kapu_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    url: withDatabase(adminUrl, name),
    dataDir,
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestApp extends BuiltApp {
  config: Config;
  adminPath: string;
  /** Sends a POST like the web client: form body, Authorization header when given. */
  post(
    url: string,
    body?: Record<string, unknown>,
    token?: string,
    ip?: string,
  ): Promise<{ status: number; json: Envelope }>;
  dispose(): Promise<void>;
}

export interface Envelope {
  code: number;
  msg: string;
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary answers
}

/** Builds the real app on a fresh database of the dialect (fastify/demo's test helper). */
export async function buildTestApp(dialect: Dialect, overrides: Partial<Config> = {}): Promise<TestApp> {
  const database = await freshDatabase(dialect);
  return appOn(database, overrides);
}

/** A second instance on the same database, as a scale-out deployment runs them. */
export async function buildSecondInstance(first: TestApp, overrides: Partial<Config> = {}): Promise<TestApp> {
  return appOn(
    { url: first.config.databaseUrl, dataDir: first.config.dataDir, drop: async () => undefined },
    { redisUrl: first.config.redisUrl, ...overrides },
  );
}

/** Another instance on the same PostgreSQL database with a data folder of its own (another host). */
export async function buildInstanceElsewhere(first: TestApp, dataDir: string): Promise<TestApp> {
  return appOn(
    { url: first.config.databaseUrl, dataDir, drop: async () => undefined },
    { redisUrl: first.config.redisUrl },
  );
}

async function appOn(
  database: { url?: string; dataDir: string; drop(): Promise<void> },
  overrides: Partial<Config>,
): Promise<TestApp> {
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    { dataDir: database.dataDir, databaseUrl: database.url, sandboxPay: true, ...overrides },
  );
  config.sqliteFile = path.join(database.dataDir, 'kapu.sqlite');
  const handle: DbHandle = connectDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: config.sqliteFile,
    poolSize: 10,
  });
  const built = await buildApp(config, { database: handle, seedAdminPassword: ADMIN_PASSWORD, logger: false });
  const adminPath = built.deps.settings.adminPath;
  return {
    ...built,
    config,
    adminPath,
    async post(url, body = {}, token, ip = '127.0.0.1') {
      const form = new URLSearchParams();
      for (const [k, v] of Object.entries(body)) {
        if (Array.isArray(v)) for (const item of v) form.append(k, String(item));
        else if (v !== undefined) form.append(k, String(v));
      }
      const res = await built.app.inject({
        method: 'POST',
        url,
        payload: form.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { authorization: token } : {}) },
        remoteAddress: ip,
      });
      return { status: res.statusCode, json: res.json() as Envelope };
    },
    async dispose() {
      await built.close();
      await database.drop();
    },
  };
}

/** A loopback address of its own per call, so per-IP limits do not couple unrelated tests. */
export function someLoopbackIp(): string {
  const [a, b, c] = randomBytes(3);
  return `127.${a}.${b}.${Math.max(2, c)}`;
}

/** A solved image captcha: the answer is stored like a real one, so the server checks it as usual. */
export async function solvedCaptcha(t: TestApp): Promise<{ captchaId: string; captcha: string }> {
  return { captchaId: await storeCaptcha(t.deps.db, 'k7m2'), captcha: 'K7M2' };
}

/** Registers a member (from an IP of its own) and returns the session token. */
export async function registerMember(
  t: TestApp,
  loginName = `user${randomBytes(3).toString('hex')}`,
  password = 'abc12345',
  extra: Record<string, unknown> = {},
) {
  const res = await t.post(
    '/user/register',
    { loginName, password, ...(await solvedCaptcha(t)), ...extra },
    undefined,
    someLoopbackIp(),
  );
  if (res.json.code !== 1000) throw new Error(`register failed: ${res.json.msg}`);
  return { loginName, password, token: res.json.data.authCode as string };
}

export async function adminLogin(t: TestApp): Promise<string> {
  const res = await t.post(`/${t.adminPath}/auth/login`, { username: 'admin', password: ADMIN_PASSWORD });
  if (res.json.code !== 1000) throw new Error(`admin login failed: ${res.json.msg}`);
  return res.json.data.authCode as string;
}

/** Runs due jobs until none are left (events fan out in two steps: dispatch, then delivery). */
export async function drainJobs(t: TestApp, rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i++) if ((await t.deps.jobs.runDue(Date.now() + 1000)) === 0) return;
}
