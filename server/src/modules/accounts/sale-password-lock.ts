import { businessError } from '../../core/errors.js';
import type { Db } from '../../core/db/connect.js';
import { publishEvent } from '../../core/events.js';

/** Wrong sale passwords allowed in the window before the lock. */
export const SALE_PWD_MAX_TRIES = 5;
/** The window and the lock: 30 minutes after the fifth recent failure. */
export const SALE_PWD_LOCK_MS = 30 * 60_000;
const AREA = 'salepwd';

interface Caller {
  memberId: number;
  ip: string;
  name: string;
}

/**
 * Runs one sale-password check under a lock: 5 wrong tries within 30 minutes lock the member's
 * sale password for the rest of those 30 minutes. The try is counted (a row, in the database, so
 * every instance sees it) BEFORE the password is checked, so parallel guesses cannot slip past
 * the count: at most five checks ever run per window. A success clears the count.
 */
export async function guardedSalePassword(
  db: Db,
  caller: Caller,
  verify: () => Promise<boolean>,
  now = Date.now(),
): Promise<void> {
  const account = String(caller.memberId);
  const mine = await db
    .insertInto('login_failures')
    .values({ area: AREA, account, ip: caller.ip.slice(0, 64), created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const recent = await db
    .selectFrom('login_failures')
    .select(['id', 'created_at'])
    .where('area', '=', AREA)
    .where('account', '=', account)
    .where('created_at', '>', now - SALE_PWD_LOCK_MS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const earlier = recent.filter((r) => r.id !== mine.id);
  if (earlier.length >= SALE_PWD_MAX_TRIES) {
    // Already locked: this try is not counted (the lock does not grow), and the password is not checked.
    await db.deleteFrom('login_failures').where('id', '=', mine.id).execute();
    throw lockedError(Number(earlier[SALE_PWD_MAX_TRIES - 1].created_at) + SALE_PWD_LOCK_MS - now);
  }
  if (await verify()) {
    await db.deleteFrom('login_failures').where('area', '=', AREA).where('account', '=', account).execute();
    return;
  }
  const left = SALE_PWD_MAX_TRIES - (earlier.length + 1);
  if (left > 0) throw businessError('SALE_PWD_WRONG', `交易密码错误，还可尝试 ${left} 次`, { triesLeft: left });
  await onLocked(db, caller, now);
  throw lockedError(SALE_PWD_LOCK_MS);
}

function lockedError(msLeft: number) {
  const minutes = Math.max(1, Math.ceil(msLeft / 60_000));
  return businessError('SALE_PWD_LOCKED', `交易密码错误次数过多，已锁定，请 ${minutes} 分钟后再试`, {
    minutesLeft: minutes,
  });
}

/** The lock is an event: the audit log records it and the member is told (security-mail.ts). */
async function onLocked(db: Db, caller: Caller, now: number): Promise<void> {
  await publishEvent(
    db,
    'account.salePasswordLocked',
    {
      userId: caller.memberId,
      memberName: caller.name,
      ip: caller.ip,
      tries: SALE_PWD_MAX_TRIES,
      lockedMinutes: SALE_PWD_LOCK_MS / 60_000,
    },
    now,
  );
}
