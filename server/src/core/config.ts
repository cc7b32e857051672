import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Repository root, both from src/ (tests, tsx) and from dist/ (production). */
export const REPO_ROOT = path.resolve(here, '../../..');

/** SQLite's page cache by default (MB): see connect.ts for what it buys. */
export const DEFAULT_SQLITE_CACHE_MB = 8;
/** The RSS a process keeps within by its heap growth (core/heap-tuning.ts, decision 0021). */
export const DEFAULT_MEMORY_TARGET_MB = 170;

const env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /** PostgreSQL connections per app process; default 3 per CPU core (at least 4). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).optional(),
  REDIS_URL: z.string().optional(),
  /** SQLite's page cache of the process's connection, in MB (docs/benchmarks.md, "Sub-sites"). */
  SQLITE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(DEFAULT_SQLITE_CACHE_MB),
  /** RSS (MB) the heap's growth keeps the process within; 0 = V8's own sizing (core/heap-tuning.ts). */
  MEMORY_TARGET_MB: z.coerce
    .number()
    .int()
    .refine((mb) => mb === 0 || (mb >= 64 && mb <= 1_048_576), 'MEMORY_TARGET_MB: 0 或 64 以上 (0, or 64 and more)')
    .default(DEFAULT_MEMORY_TARGET_MB),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Time zone for dates shown to people (login log, exports). */
  TIME_ZONE: z.string().default('Asia/Shanghai'),
  /** Where the built web app lives; the default is the workspace's build. */
  WEB_DIST: z.string().optional(),
  /** Trust X-Forwarded-For from a reverse proxy (scale-out behind nginx). */
  TRUST_PROXY: z.string().optional(),
  /** Run the job runner in this process (turn off on web-only instances). */
  JOBS: z.enum(['on', 'off']).default('on'),
  /** The simulated cashier: on for the embedded demo, off on PostgreSQL unless asked for. */
  SANDBOX_PAY: z.enum(['on', 'off']).optional(),
  /** Bearer token for GET /metrics from other hosts; without it only loopback may read them. */
  METRICS_TOKEN: z.string().optional(),
  /** Addresses sub-site owners' own gateway accounts may name: public hosts only, or any (tests, private networks). */
  OWNER_GATEWAY_HOSTS: z.enum(['public', 'any']).default('public'),
  /** Addresses members and site owners type for the server to call (notify URLs, webhooks, upstream shops): public hosts only, or any. */
  OUTBOUND_HOSTS: z.enum(['public', 'any']).default('public'),
  /** How long a stopping process waits for requests and jobs before it exits anyway. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** The first super admin's password (first start only); absent = a random one. */
  KAPU_ADMIN_PASSWORD: z.string().min(8, 'KAPU_ADMIN_PASSWORD 至少 8 位 (at least 8 characters)').max(64).optional(),
  /** DNS servers for checking sub-site owners' domains ("1.1.1.1,8.8.8.8:53"); absent = the system's. */
  KAPU_DNS_SERVERS: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  sqliteFile: string;
  /** SQLite's page cache in MB (SQLITE_CACHE_MB). */
  sqliteCacheMb: number;
  /** RSS in MB the heap's growth keeps the process within (MEMORY_TARGET_MB); 0 = V8's own sizing. */
  memoryTargetMb: number;
  redisUrl: string | undefined;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: string;
  timeZone: string;
  webDist: string;
  trustProxy: boolean | string;
  jobs: boolean;
  /** Enable the sandbox gateway on first start (a real shop turns it off). */
  sandboxPay: boolean;
  /** Bearer token that opens /metrics to other hosts (absent: loopback only). */
  metricsToken: string | undefined;
  /** 'public': the addresses of sub-site owners' own gateway accounts must be public hosts (decision 0010). */
  ownerGatewayHosts: 'public' | 'any';
  /** 'public': members' and site owners' callback, webhook and upstream addresses must be public hosts (core/outbound.ts). */
  outboundHosts: 'public' | 'any';
  /** Milliseconds a SIGTERM/SIGINT waits for in-flight work before the process exits. */
  shutdownGraceMs: number;
  /** The first super admin's password from the environment (first start only). */
  firstAdminPassword: string | undefined;
  /** DNS servers that check sub-site domains' TXT records; empty = the system's resolvers. */
  dnsServers: string[];
}

/** Reads the environment once; every default is documented in the README. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = env.parse(source);
  const dataDir = path.resolve(overrides.dataDir ?? parsed.DATA_DIR);
  const config: Config = {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    databaseUrl: parsed.DATABASE_URL || undefined,
    // Measured on 2 cores with two app processes: 6 connections each gave 353 checkouts/s,
    // 20 each 256 (more backends than cores only add context switches); docs/benchmarks.md.
    databasePoolSize: parsed.DATABASE_POOL_SIZE ?? Math.max(4, availableParallelism() * 3),
    sqliteFile: path.join(dataDir, 'kapu.sqlite'),
    sqliteCacheMb: parsed.SQLITE_CACHE_MB,
    memoryTargetMb: parsed.MEMORY_TARGET_MB,
    redisUrl: parsed.REDIS_URL || undefined,
    nodeEnv: parsed.NODE_ENV,
    logLevel: parsed.LOG_LEVEL,
    timeZone: parsed.TIME_ZONE,
    webDist: path.resolve(parsed.WEB_DIST ?? path.join(REPO_ROOT, 'web/dist')),
    trustProxy: parsed.TRUST_PROXY === undefined ? false : parsed.TRUST_PROXY === 'true' ? true : parsed.TRUST_PROXY,
    jobs: parsed.JOBS === 'on',
    sandboxPay: (parsed.SANDBOX_PAY ?? (parsed.DATABASE_URL ? 'off' : 'on')) === 'on',
    metricsToken: parsed.METRICS_TOKEN || undefined,
    ownerGatewayHosts: parsed.OWNER_GATEWAY_HOSTS,
    outboundHosts: parsed.OUTBOUND_HOSTS,
    shutdownGraceMs: parsed.SHUTDOWN_GRACE_MS,
    firstAdminPassword: parsed.KAPU_ADMIN_PASSWORD || undefined,
    dnsServers: (parsed.KAPU_DNS_SERVERS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    ...overrides,
  };
  mkdirSync(config.uploadsDir, { recursive: true });
  return config;
}
