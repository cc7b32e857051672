import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Dialect } from './db/connect.js';
import { randomToken } from './crypto.js';

export interface JobInfo {
  id: number;
  name: string;
  attempts: number;
}
export type JobHandler = (payload: unknown, job: JobInfo) => Promise<void>;

interface Registration {
  handler: JobHandler;
  backoffMs: (attempt: number) => number;
  /** Runs beside the round instead of inside it (calls to other servers that may hang). */
  detached: boolean;
}

/** How soon a woken runner looks for the new work (the writer's transaction commits meanwhile). */
const WAKE_DELAY_MS = 30;
/**
 * Under a steady stream of new work (a checkout burst), how long at least from the start of a round
 * that found work to the next woken one. Each round costs a dozen round trips to the database
 * whether it carries five events or fifty: gathering them for this long costs a message or a
 * webhook a fifth of a second at most, and the burst a third of the outbox's work per order.
 */
const GATHER_MS = 200;

/** Detached jobs (outbound calls) one process runs at once; more wait for a free slot. */
const DETACHED_MAX = 16;

export interface EnqueueOptions {
  runAt?: number;
  maxAttempts?: number;
  /** At most one pending/running job per key; a second enqueue is ignored. */
  uniqueKey?: string;
}

/** Exponential backoff: 5 s, 10 s, 20 s … capped at 1 hour. */
export const defaultBackoff = (attempt: number) => Math.min(3_600_000, 5_000 * 2 ** Math.max(0, attempt - 1));

/**
 * Adds a job, inside the caller's transaction when given one, so the job exists exactly when
 * the work that asked for it was committed.
 */
export async function enqueueJob(db: Db, name: string, payload: unknown, options: EnqueueOptions = {}): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('jobs')
    .values({
      name,
      payload: JSON.stringify(payload ?? null),
      status: 'pending',
      attempts: 0,
      max_attempts: options.maxAttempts ?? 8,
      run_at: options.runAt ?? now,
      locked_by: null,
      locked_until: null,
      last_error: null,
      unique_key: options.uniqueKey ?? null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('unique_key').doNothing())
    .execute();
}

/**
 * A durable job runner over the `jobs` table. Jobs are claimed with a lease
 * (`FOR UPDATE SKIP LOCKED` on PostgreSQL, so several instances never take the same job);
 * a job whose worker died is taken again when its lease runs out, so work survives restarts.
 */
export class JobRunner {
  private readonly handlers = new Map<string, Registration>();
  private readonly feeders: Array<(now: number) => Promise<number>> = [];
  private readonly periodic: Array<{ name: string; everyMs: number; nextAt: number; run: () => Promise<void> }> = [];
  private readonly workerId = `${process.pid}-${randomToken(6)}`;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly log: FastifyBaseLogger,
    private readonly options: { pollMs?: number; batch?: number; leaseMs?: number } = {},
  ) {}

  /**
   * `detached`: for jobs that wait on other servers (webhooks, callbacks, upstream shops). They run
   * beside the claim rounds, up to DETACHED_MAX at once, so a receiver that hangs until its deadline
   * holds one slot, not every other job of the instance. Their lease still keeps other instances off.
   */
  register(
    name: string,
    handler: JobHandler,
    backoffMs: (attempt: number) => number = defaultBackoff,
    options: { detached?: boolean } = {},
  ): void {
    this.handlers.set(name, { handler, backoffMs, detached: options.detached ?? false });
  }

  private readonly inFlight = new Set<Promise<void>>();

  /**
   * Work that turns into jobs, run at the start of every claim round (the outbox fans out its
   * new events here, so their deliveries are claimed in the same round); answers how many it fed.
   */
  feedFrom(feed: (now: number) => Promise<number>): void {
    this.feeders.push(feed);
  }

  /**
   * A task every instance runs on its own every `everyMs` while the runner is started (for
   * idempotent upkeep like recomputing counters; durable one-off work belongs in jobs).
   */
  every(name: string, everyMs: number, run: () => Promise<void>): void {
    this.periodic.push({ name, everyMs, nextAt: 0, run });
  }

  private async runPeriodic(now: number): Promise<void> {
    for (const task of this.periodic) {
      if (now < task.nextAt) continue;
      task.nextAt = now + task.everyMs;
      await task.run().catch((err) => this.log.warn({ task: task.name, err }, 'periodic task failed'));
    }
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const loop = () => {
      if (this.stopped) return;
      this.sleeping = false;
      this.woken = false;
      let busy = false;
      const startedAt = Date.now();
      this.running = this.round(startedAt)
        .then(({ fed, claimed }) => {
          if (fed + claimed > 0) this.workedAt = startedAt;
          // A full claim means more jobs are waiting (a backlog after a restart): go on at once. What the
          // feeders fed does not count: they take their own backlog in one go (the outbox claims up to
          // 2,000 events a round), and under a checkout burst every round feeds a few events, so
          // counting them ran rounds back to back, each a handful of round trips for a handful of events.
          busy = claimed >= (this.options.batch ?? 10);
          return this.runPeriodic(Date.now());
        })
        .catch((err) => this.log.error({ err }, 'job runner tick failed'))
        .then(() => {
          if (this.stopped) return;
          // Woken during the round (new work was written): look again soon instead of after a full poll.
          const pause = busy ? 0 : this.woken ? this.wakeDelay() : (this.options.pollMs ?? 1000);
          this.sleeping = pause > 0;
          this.timer = setTimeout(loop, pause);
        });
    };
    this.loop = loop;
    loop();
  }

  private loop: (() => void) | undefined;
  private sleeping = false;
  private woken = false;
  /** When the last round that found work started (0: none yet). */
  private workedAt = 0;

  /** WAKE_DELAY_MS, or longer while rounds keep finding work (GATHER_MS from the last one's start). */
  private wakeDelay(): number {
    return Math.max(WAKE_DELAY_MS, this.workedAt + GATHER_MS - Date.now());
  }

  /**
   * New work was just written (an event someone listens to): the next round comes within
   * WAKE_DELAY_MS instead of after the poll interval, so a paid order reaches its consumers (the
   * upstream forwarding, messages) in tens of milliseconds; under a stream of work, GATHER_MS after
   * the last round that found work. The delay lets the writer commit first.
   */
  wake(): void {
    if (this.stopped || !this.loop) return;
    if (!this.sleeping) {
      this.woken = true;
      return;
    }
    this.sleeping = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(this.loop, this.wakeDelay());
  }

  /** Stops polling and waits for the jobs in hand to finish (graceful shutdown). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    await this.settled();
  }

  /** Waits until the detached jobs running now have finished (tests; shutdown). */
  async settled(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  /**
   * Feeds, then claims and runs every due job once, waiting for detached ones too; returns how many
   * were fed and ran. Tests and one-off callers use it; the runner's own loop does not wait (runRound).
   */
  async runDue(now = Date.now()): Promise<number> {
    const n = await this.runRound(now);
    await this.settled();
    return n;
  }

  /** One claim round of the loop: detached jobs keep running after it returns. */
  async runRound(now = Date.now()): Promise<number> {
    const { fed, claimed } = await this.round(now);
    return fed + claimed;
  }

  private async round(now = Date.now()): Promise<{ fed: number; claimed: number }> {
    let fed = 0;
    for (const feed of this.feeders) {
      fed += await feed(now).catch((err: unknown) => {
        this.log.error({ err }, 'job feeder failed');
        return 0;
      });
    }
    // Detached jobs are claimed only while a slot is free.
    const full = this.inFlight.size >= DETACHED_MAX;
    const names = [...this.handlers.entries()].filter(([, r]) => !full || !r.detached).map(([n]) => n);
    if (names.length === 0) return { fed, claimed: 0 };
    const leaseUntil = now + (this.options.leaseMs ?? 5 * 60_000);
    const batch = this.options.batch ?? 10;

    let due = this.db
      .selectFrom('jobs')
      .select('id')
      .where('name', 'in', names)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', now)]),
          eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
        ]),
      )
      .orderBy('run_at')
      .limit(batch);
    if (this.dialect === 'postgres') due = due.forUpdate().skipLocked();

    const claimed = await this.db
      .updateTable('jobs')
      .set({
        status: 'running',
        locked_by: this.workerId,
        locked_until: leaseUntil,
        attempts: sql<number>`attempts + 1`,
        updated_at: now,
      })
      .where('id', 'in', due)
      .returning(['id', 'name', 'payload', 'attempts', 'max_attempts'])
      .execute();

    for (const job of claimed) {
      if (!this.handlers.get(job.name)?.detached) {
        await this.runOne(job);
        continue;
      }
      const running: Promise<void> = this.runOne(job)
        .catch((err) => this.log.error({ err, job: job.name }, 'detached job failed'))
        .finally(() => this.inFlight.delete(running));
      this.inFlight.add(running);
    }
    return { fed, claimed: claimed.length };
  }

  private async runOne(job: { id: number; name: string; payload: string; attempts: number; max_attempts: number }) {
    const reg = this.handlers.get(job.name);
    if (!reg) return;
    const mine = (q: ReturnType<typeof this.finish>) =>
      q.where('id', '=', job.id).where('locked_by', '=', this.workerId);
    try {
      await reg.handler(JSON.parse(job.payload), { id: job.id, name: job.name, attempts: job.attempts });
      await mine(this.finish({ status: 'done', unique_key: null, last_error: null })).execute();
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const last = job.attempts >= job.max_attempts;
      this.log.warn({ job: job.name, id: job.id, attempts: job.attempts, err: message }, 'job failed');
      await mine(
        this.finish(
          last
            ? { status: 'failed', unique_key: null, last_error: message }
            : { status: 'pending', run_at: Date.now() + reg.backoffMs(job.attempts), last_error: message },
        ),
      ).execute();
    }
  }

  private finish(values: {
    status: 'done' | 'failed' | 'pending';
    unique_key?: null;
    last_error: string | null;
    run_at?: number;
  }) {
    return this.db.updateTable('jobs').set({ ...values, locked_by: null, locked_until: null, updated_at: Date.now() });
  }
}
