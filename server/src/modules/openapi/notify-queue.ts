import { OPENAPI_NOTIFY_RETRY_SECONDS } from '@kapu/contract';
import type { Db } from '../../core/db/connect.js';
import { enqueueJob } from '../../core/jobs.js';

export const NOTIFY_JOB = 'openapi.notify';
export const NOTIFY_ATTEMPTS = OPENAPI_NOTIFY_RETRY_SECONDS.length + 1;

/**
 * Whether this instance has seen API orders with a callback address: until then the order-event
 * consumers are switched off (no delivery job per order for shops that never use callbacks). Set
 * when such an order is created here, and from the database every few seconds (other instances').
 */
export const callbacksInUse = { on: false };

/**
 * Whether any key subscribes to goods pushes: the goods-change consumers are off otherwise (a
 * shop without subscribers does not write those events). Set when a push address is
 * saved here, and from the database every few seconds (other instances' saves and removals).
 */
export const pushesInUse = { on: false };

/** One pending callback job per API order: a later change finds it pending and is sent with it. */
export async function queueOrderNotify(db: Db, requestId: number): Promise<void> {
  callbacksInUse.on = true;
  await enqueueJob(
    db,
    NOTIFY_JOB,
    { requestId },
    { uniqueKey: `${NOTIFY_JOB}:${requestId}`, maxAttempts: NOTIFY_ATTEMPTS },
  );
}
