import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { JobRunner, enqueueJob } from '../src/core/jobs.js';
import { connectDatabase, type DbHandle } from '../src/core/db/connect.js';
import { buildTestApp, dialects, type TestApp } from './helper.js';

const log = pino({ level: 'silent' });

describe.each(dialects())('durable job runner on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.dispose());

  const jobsNamed = (name: string) => t.deps.db.selectFrom('jobs').selectAll().where('name', '=', name).execute();

  it('runs due jobs once, not future ones', async () => {
    const runner = new JobRunner(t.deps.db, dialect, log);
    const seen: unknown[] = [];
    runner.register('demo.now', async (p) => void seen.push(p));
    await enqueueJob(t.deps.db, 'demo.now', { n: 1 });
    await enqueueJob(t.deps.db, 'demo.now', { n: 2 }, { runAt: Date.now() + 60_000 });
    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0);
    expect(seen).toEqual([{ n: 1 }]);
    const rows = await jobsNamed('demo.now');
    expect(rows.map((r) => r.status).sort()).toEqual(['done', 'pending']);
  });

  it('runs a detached job beside the round: a hanging call does not hold the other jobs', async () => {
    const runner = new JobRunner(t.deps.db, dialect, log);
    let release: () => void = () => undefined;
    const hanging = new Promise<void>((r) => (release = r));
    const seen: string[] = [];
    runner.register(
      'demo.hangs',
      async () => {
        await hanging;
        seen.push('hung');
      },
      undefined,
      { detached: true },
    );
    runner.register('demo.quick', async () => void seen.push('quick'));
    await enqueueJob(t.deps.db, 'demo.hangs', {});
    await enqueueJob(t.deps.db, 'demo.quick', {});
    // Both claimed in one round; the round ends with the quick one done while the other still waits.
    expect(await runner.runRound()).toBe(2);
    expect(seen).toEqual(['quick']);
    expect((await jobsNamed('demo.hangs'))[0]!.status).toBe('running');
    release();
    await runner.settled();
    expect(seen).toEqual(['quick', 'hung']);
    expect((await jobsNamed('demo.hangs'))[0]!.status).toBe('done');
  });

  it('a woken runner looks for new work at once instead of after its poll interval', async () => {
    const runner = new JobRunner(t.deps.db, dialect, log, { pollMs: 60_000 });
    const seen: number[] = [];
    runner.register('demo.woken', async () => void seen.push(Date.now()));
    runner.start();
    try {
      // The first round found nothing; the runner now sleeps for a minute.
      await new Promise((r) => setTimeout(r, 200));
      const written = Date.now();
      await enqueueJob(t.deps.db, 'demo.woken', {});
      runner.wake();
      await expect.poll(() => seen.length, { timeout: 5_000 }).toBe(1);
      expect(seen[0]! - written).toBeLessThan(2_000);
    } finally {
      await runner.stop();
    }
  });

  it('under a stream of fed work it gathers between rounds instead of running them back to back', async () => {
    const runner = new JobRunner(t.deps.db, dialect, log, { pollMs: 60_000 });
    const starts: number[] = [];
    // A checkout burst: every round's feeder (the outbox) finds a few new events, and they wake the runner.
    runner.feedFrom(async () => {
      starts.push(Date.now());
      runner.wake();
      return 25;
    });
    runner.start();
    try {
      await new Promise((r) => setTimeout(r, 1_000));
    } finally {
      await runner.stop();
    }
    // A round that found work is followed by the next woken one no sooner than 200 ms after its start:
    // about 5 rounds in a second. With the wake delay alone (30 ms) it ran ~30; back to back, hundreds.
    expect(starts.length).toBeGreaterThan(2);
    expect(starts.length).toBeLessThan(8);
    const gaps = starts.slice(1).map((at, i) => at - starts[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(190);
  });

  it('a wake after a quiet spell is answered within the wake delay, not the gathering time', async () => {
    const runner = new JobRunner(t.deps.db, dialect, log, { pollMs: 60_000 });
    const seen: number[] = [];
    runner.register('demo.quiet', async () => void seen.push(Date.now()));
    await enqueueJob(t.deps.db, 'demo.quiet', {});
    runner.start();
    try {
      // The first round ran the job (work found); after 300 ms of quiet a new job waits the wake delay only.
      await expect.poll(() => seen.length, { timeout: 5_000 }).toBe(1);
      await new Promise((r) => setTimeout(r, 300));
      const written = Date.now();
      await enqueueJob(t.deps.db, 'demo.quiet', {});
      runner.wake();
      await expect.poll(() => seen.length, { timeout: 5_000, interval: 5 }).toBe(2);
      expect(seen[1]! - written).toBeLessThan(150);
    } finally {
      await runner.stop();
    }
  });

  it('retries with backoff, then marks the job failed with the error', async () => {
    const runner = new JobRunner(t.deps.db, dialect, log);
    let calls = 0;
    runner.register(
      'demo.flaky',
      async () => {
        calls++;
        throw new Error(`upstream said no #${calls}`);
      },
      (attempt) => attempt * 1000,
    );
    await enqueueJob(t.deps.db, 'demo.flaky', {}, { maxAttempts: 3 });
    const start = Date.now();
    await runner.runDue(start);
    let [row] = await jobsNamed('demo.flaky');
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'upstream said no #1' });
    expect(row.run_at).toBeGreaterThanOrEqual(start + 1000);
    expect(await runner.runDue(start + 500)).toBe(0); // not due yet
    await runner.runDue(row.run_at + 1);
    [row] = await jobsNamed('demo.flaky');
    await runner.runDue(row.run_at + 1);
    [row] = await jobsNamed('demo.flaky');
    expect(row).toMatchObject({ status: 'failed', attempts: 3, last_error: 'upstream said no #3' });
    expect(calls).toBe(3);
  });

  it('keeps one live job per unique key', async () => {
    await enqueueJob(t.deps.db, 'demo.unique', { a: 1 }, { uniqueKey: 'order:1:expire' });
    await enqueueJob(t.deps.db, 'demo.unique', { a: 2 }, { uniqueKey: 'order:1:expire' });
    expect(await jobsNamed('demo.unique')).toHaveLength(1);
  });

  it('survives a restart: a job held by a dead worker is taken again after its lease', async () => {
    const crashed = new JobRunner(t.deps.db, dialect, log, { leaseMs: 1000 });
    crashed.register('demo.lease', () => new Promise<void>(() => undefined)); // never finishes: the process "dies"
    await enqueueJob(t.deps.db, 'demo.lease', { id: 7 });
    void crashed.runDue();
    await new Promise((r) => setTimeout(r, 50));
    const [held] = await jobsNamed('demo.lease');
    expect(held.status).toBe('running');

    const fresh = new JobRunner(t.deps.db, dialect, log);
    const done: unknown[] = [];
    fresh.register('demo.lease', async (p) => void done.push(p));
    expect(await fresh.runDue()).toBe(0); // lease still valid
    expect(await fresh.runDue(Date.now() + 2000)).toBe(1);
    expect(done).toEqual([{ id: 7 }]);
  });

  it('start/stop polls in the background and stops cleanly', async () => {
    const runner = new JobRunner(t.deps.db, dialect, log, { pollMs: 20 });
    const seen: number[] = [];
    runner.register('demo.poll', async (p) => void seen.push((p as { n: number }).n));
    runner.start();
    await enqueueJob(t.deps.db, 'demo.poll', { n: 1 });
    await expect.poll(() => seen, { timeout: 3000 }).toEqual([1]);
    await runner.stop();
  });

  it.runIf(dialect === 'postgres')('never hands one job to two instances at once', async () => {
    // Two runners on separate connection pools, as two app processes would have.
    const second: DbHandle = connectDatabase({ databaseUrl: t.config.databaseUrl, sqliteFile: '', poolSize: 5 });
    try {
      const counts = new Map<number, number>();
      const handler = async (p: unknown) => {
        const n = (p as { n: number }).n;
        counts.set(n, (counts.get(n) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 2));
      };
      const a = new JobRunner(t.deps.db, dialect, log, { batch: 5 });
      const b = new JobRunner(second.db, dialect, log, { batch: 5 });
      a.register('demo.race', handler);
      b.register('demo.race', handler);
      for (let n = 0; n < 60; n++) await enqueueJob(t.deps.db, 'demo.race', { n });
      const drain = async (r: JobRunner) => {
        while ((await r.runDue()) > 0);
      };
      await Promise.all([drain(a), drain(b), drain(a), drain(b)]);
      expect(counts.size).toBe(60);
      expect([...counts.values()].every((c) => c === 1)).toBe(true);
    } finally {
      await second.close();
    }
  });
});
