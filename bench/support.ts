import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** The server's CPU time per request over the measured run (µs), when its pid was given. */
  cpuUs?: number;
}

/** CPU time a process has used (user + system, ms), from /proc (Linux). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after "pid (comm) ".
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/**
 * CPU time (ms) used so far by the PostgreSQL processes of this machine (server and backends),
 * when PostgreSQL runs here; 0 when none is seen. Backends that ended are not counted: read it
 * around a load whose connections stay open (the app's pools).
 */
export function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      total += cpuMs(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/**
 * BENCH_SYNC=<name>: two runs of a suite started together (two builds, for instance) begin each
 * load together, so both are measured on the machine as it is at that moment.
 */
export async function benchSync(): Promise<void> {
  const name = process.env.BENCH_SYNC;
  if (!name) return;
  const dir = tmpdir();
  const mine = `kapu-bench-sync-${name}.${process.pid}.${++syncRound}`;
  writeFileSync(path.join(dir, mine), '');
  // Gone at exit: by then the other run has long seen it (each load lasts seconds).
  process.once('exit', () => rmSync(path.join(dir, mine), { force: true }));
  const round = (f: string) => f.startsWith(`kapu-bench-sync-${name}.`) && f.endsWith(`.${syncRound}`);
  while (readdirSync(dir).filter(round).length < 2) await new Promise((r) => setTimeout(r, 20));
}
let syncRound = 0;

/** Runs one autocannon load and keeps the figures we record. */
export async function load(
  name: string,
  options: Parameters<typeof autocannon>[0],
  serverPid?: number,
): Promise<LoadResult> {
  await benchSync();
  // A 2 s warm-up first (JIT, caches), not recorded: the figures are the steady state.
  await autocannon({ connections: 50, ...options, duration: 2 });
  const cpuBefore = serverPid ? cpuMs(serverPid) : 0;
  const r = await autocannon({
    connections: 50,
    duration: 10,
    ...options,
    // A fixed rate (BENCH_RATE, requests/s) instead of as fast as it goes: CPU per request without saturation.
    ...(process.env.BENCH_RATE ? { overallRate: Number(process.env.BENCH_RATE) } : {}),
  });
  // CPU per request tells two builds apart on a machine others share (req/s alone drifts with their load).
  const cpuUs = serverPid && r.requests.total ? ((cpuMs(serverPid) - cpuBefore) * 1000) / r.requests.total : undefined;
  return {
    ...(cpuUs === undefined ? {} : { cpuUs: Math.round(cpuUs) }),
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
  const cpu = rows.some((r) => r.cpuUs !== undefined);
  const lines = [
    `| load | req/s | p50 ms | p99 ms | errors | non-2xx |${cpu ? ' server CPU µs/req |' : ''}`,
    `|---|---:|---:|---:|---:|---:|${cpu ? '---:|' : ''}`,
  ];
  for (const r of rows)
    lines.push(
      `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |${cpu ? ` ${r.cpuUs ?? ''} |` : ''}`,
    );
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

/** One phase's memory of the server process (MB): RSS now and at its highest since the last mark. */
export interface MemoryMark {
  label: string;
  rss: number;
  peak: number;
  /** BENCH_MEMORY=1: where it goes (smaps_rollup, and the V8 heap from the server's /metrics). */
  detail?: string;
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

/** Anonymous and file-backed resident memory, from /proc/<pid>/smaps_rollup (kB → MB). */
function smapsRollup(pid: number): string {
  const text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);
  return `anon ${Math.round(kb('Anonymous') / 1024)}, file ${Math.round((kb('Rss') - kb('Anonymous')) / 1024)}`;
}

/** The V8 heap and external memory as the server's Prometheus metrics tell them (loopback may read them). */
async function heapOf(baseUrl: string): Promise<string> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const value = (name: string) => Number(new RegExp(`^kapu_${name} (\\S+)`, 'm').exec(text)?.[1] ?? 0);
  const space = (name: string, s: string) =>
    Number(new RegExp(`^kapu_${name}\\{space="${s}"\\} (\\S+)`, 'm').exec(text)?.[1] ?? 0);
  return (
    `heap used ${mb(value('nodejs_heap_size_used_bytes'))} of ${mb(value('nodejs_heap_size_total_bytes'))} ` +
    `(new space ${mb(space('nodejs_heap_space_size_total_bytes', 'new'))}, old ${mb(space('nodejs_heap_space_size_total_bytes', 'old'))}), ` +
    `external ${mb(value('nodejs_external_memory_bytes'))}`
  );
}

/**
 * Samples a process's RSS every 100 ms so that each phase reports its peak, not only where it
 * ended (a load's peak can be far above what is left once it stops).
 */
export function memoryWatch(pid: number, baseUrl: string) {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // the process ended
    }
  }, 100);
  timer.unref();
  const marks: MemoryMark[] = [];
  return {
    marks,
    async mark(label: string): Promise<MemoryMark> {
      const rss = rssMb(pid);
      const m: MemoryMark = { label, rss, peak: Math.max(peak, rss) };
      if (process.env.BENCH_MEMORY) m.detail = `${smapsRollup(pid)}; ${await heapOf(baseUrl)}`;
      peak = rssMb(pid);
      marks.push(m);
      return m;
    },
    /** The highest RSS seen over every mark so far. */
    get highest(): number {
      return Math.max(...marks.map((m) => m.peak));
    },
    stop(): void {
      clearInterval(timer);
    },
    /** "after the lists 180 (peak 190)", … */
    text(): string {
      return marks.map((m) => `${m.label} ${m.rss} (peak ${m.peak})${m.detail ? ` [${m.detail}]` : ''}`).join(', ');
    },
  };
}
