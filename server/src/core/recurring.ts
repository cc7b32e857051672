import type { Db } from './db/connect.js';
import { enqueueJob, type JobRunner } from './jobs.js';

/**
 * A durable periodic job (core/jobs.ts): each run schedules the next time slot under a key of its
 * own, so however many instances start, one job per slot exists and one instance runs it (the
 * work must be conditional per row anyway). A slot missed while nothing ran runs at the next start.
 */
export async function scheduleRecurring(
  db: Db,
  jobs: JobRunner,
  name: string,
  everyMs: number,
  run: (now: number) => Promise<unknown>,
): Promise<void> {
  const schedule = (slot: number) =>
    enqueueJob(db, name, { slot }, { runAt: slot * everyMs, uniqueKey: `${name}:${slot}` });
  jobs.register(name, async (payload) => {
    const { slot } = payload as { slot: number };
    await run(Date.now());
    await schedule(Math.max(slot + 1, Math.floor(Date.now() / everyMs) + 1));
  });
  await schedule(Math.floor(Date.now() / everyMs));
}
