import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Runs one autocannon load and keeps the figures we record. */
export async function load(name: string, options: Parameters<typeof autocannon>[0]): Promise<LoadResult> {
  // A 2 s warm-up first (JIT, caches), not recorded: the figures are the steady state.
  await autocannon({ connections: 50, ...options, duration: 2 });
  const r = await autocannon({ connections: 50, duration: 10, ...options });
  return {
    name,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

export function table(rows: LoadResult[]): string {
  const lines = ['| load | req/s | p50 ms | p99 ms | errors | non-2xx |', '|---|---:|---:|---:|---:|---:|'];
  for (const r of rows) lines.push(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`);
  return lines.join('\n');
}

/** Runs `use` with the URL of a fresh PostgreSQL database, dropped afterwards. */
export async function withFreshPostgres<T>(use: (url: string) => Promise<T>): Promise<T> {
  const adminUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `kapu_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await use(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
