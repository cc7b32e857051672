import type { Db } from '../../core/db/connect.js';
import { publishEvent } from '../../core/events.js';
import { statusUpdate } from '../../core/fsm.js';
import { scheduleRecurring } from '../../core/recurring.js';
import type { Deps } from '../../deps.js';
import { releaseDueShares } from '../profits/index.js';
import { siteMachine } from './site-machine.js';
import { sitesSettings } from './site-settings.js';

const DAY = 86_400_000;
/** Reminders before a site's time ends, in days (each once per period). */
export const REMINDER_DAYS = [7, 3, 1] as const;

/** The reminder due for a site ending at `expiresAt`: the smallest of 7/3/1 days not yet past, or null. */
export function reminderDue(expiresAt: number, now: number, reminded: number | null): number | null {
  const left = expiresAt - now;
  if (left <= 0) return null;
  const due = [...REMINDER_DAYS].reverse().find((d) => left <= d * DAY);
  if (due === undefined) return null;
  return reminded !== null && reminded <= due ? null : due;
}

/**
 * One pass of the sites' expiry upkeep at `now`: the reminders that are due (a `site.expiring`
 * event each, written after the conditional update that records it, so a second instance or a
 * second pass sends none), then sites past their time and the grace days become `expired`
 * through the machine (conditional on the time, so a renewal meanwhile wins). Data stays.
 * On PostgreSQL the mark and the event commit together. SQLite is the embedded, one-process mode,
 * where a transaction held across awaits would block another connection of the process: there
 * the mark comes first, so a crash between the two loses a reminder rather than sending it twice.
 */
export async function runSiteExpiry(deps: Pick<Deps, 'db' | 'dialect' | 'settings' | 'caches'>, now: number) {
  const { db, settings } = deps;
  const atomically = <T>(work: (conn: Db) => Promise<T>) =>
    deps.dialect === 'postgres' ? db.transaction().execute(work) : work(db);
  let reminded = 0;
  const soon = await db
    .selectFrom('sites')
    .select(['id', 'owner_user_id', 'title', 'expires_at', 'reminded_days'])
    .where('status', 'in', ['active', 'closed'])
    .where('expires_at', 'is not', null)
    .where('expires_at', '>', now)
    .where('expires_at', '<=', now + REMINDER_DAYS[0] * DAY)
    .execute();
  for (const site of soon) {
    const expiresAt = site.expires_at!;
    const due = reminderDue(expiresAt, now, site.reminded_days);
    if (due === null || site.owner_user_id === null) continue;
    const sent = await atomically(async (trx) => {
      const res = await trx
        .updateTable('sites')
        .set({ reminded_days: due })
        .where('id', '=', site.id)
        .where('expires_at', '=', expiresAt)
        .where((eb) => eb.or([eb('reminded_days', 'is', null), eb('reminded_days', '>', due)]))
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return false;
      await publishEvent(
        trx,
        'site.expiring',
        { siteId: site.id, ownerId: site.owner_user_id!, title: site.title, expiresAt, daysLeft: due },
        now,
      );
      return true;
    });
    if (sent) reminded++;
  }

  const cutoff = now - sitesSettings(settings).graceDays * DAY;
  const res = await statusUpdate(db, siteMachine, ['active', 'closed'], 'expired', { updated_at: now })
    .where('expires_at', 'is not', null)
    .where('expires_at', '<=', cutoff)
    .executeTakeFirst();
  const expired = Number(res.numUpdatedRows);
  if (expired > 0) await deps.caches.changed('site');
  return { reminded, expired };
}

export const SITE_EXPIRY_JOB = 'sites.expiry';
export const SHARE_RELEASE_JOB = 'sites.releaseShares';
/** How often the upkeep runs: reminders and expiry every 10 minutes, due shares every 5. */
const EXPIRY_EVERY = 10 * 60_000;
const RELEASE_EVERY = 5 * 60_000;
const RELEASE_BATCH = 500;

/** Durable periodic jobs, one per time slot across instances (core/recurring.ts). */
export async function registerSiteJobs(deps: Deps): Promise<void> {
  const recurring = (name: string, everyMs: number, run: (now: number) => Promise<unknown>) =>
    scheduleRecurring(deps.db, deps.jobs, name, everyMs, run);
  await recurring(SITE_EXPIRY_JOB, EXPIRY_EVERY, (now) => runSiteExpiry(deps, now));
  await recurring(SHARE_RELEASE_JOB, RELEASE_EVERY, async (now) => {
    // Keep going while batches come full (a backlog after downtime).
    const frozenBefore = now - sitesSettings(deps.settings).freezeDays * 86_400_000;
    while ((await releaseDueShares(deps.db, frozenBefore, now, RELEASE_BATCH, deps.holds)) === RELEASE_BATCH);
  });
}
