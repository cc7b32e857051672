import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_TEST_EVENT,
  WebhookDeliveryStatusLabels,
  WebhookEventLabels,
  type Paged,
  type WebhookDeliveryDetailView,
  type WebhookDeliveryListInput,
  type WebhookDeliveryView,
  type WebhookEvent,
} from '@kapu/contract';
import type { Db } from '../../core/db/connect.js';
import type { DomainEvent, DomainEvents } from '../../core/events.js';
import { moveStatus } from '../../core/fsm.js';
import { enqueueJob, type JobInfo } from '../../core/jobs.js';
import { OutboundError, outboundRequest, type OutboundAnswer } from '../../core/outbound.js';
import { fetchPage, mapPage } from '../../core/paging.js';
import { formatDateTime } from '../../core/time.js';
import { businessError } from '../../core/errors.js';
import { memberLabels } from '../accounts/index.js';
import { PLATFORM_SITE_ID, sitePayeeOf } from '../sites/index.js';
import type { SecretBox } from '../verification/index.js';
import { webhookDeliveryMachine } from './machine.js';
import { eventOwners } from './recipients.js';
import { MAX_ATTEMPTS, answerExcerpt, retryDelay, signWebhook } from './signing.js';
import { subscriptionOf, type Audit, type WebhookOwner } from './subscriptions.js';
import type { WebhookDeliveriesTable } from './tables.js';

export const DELIVER_JOB = 'webhooks.deliver';
export const PURGE_JOB = 'webhooks.purge';
/** Delivery logs are kept this long. */
export const KEEP_MS = 30 * 24 * 3_600_000;
/** One deadline for a receiver's whole answer (connect, headers, body); the setting may shorten it. */
export const TIMEOUT_SETTING = 'webhooks.timeoutMs';
export const DEFAULT_TIMEOUT_MS = 5_000;
/** A receiver's answer is read up to this size (the log keeps 500 characters). */
const MAX_ANSWER_BYTES = 64 * 1024;

/** Whose deliveries a call may see: an owner's (a member's id, null: the platform's) or all (staff). */
export type DeliveryScope = WebhookOwner | 'all';

interface NewDelivery {
  subscriptionId: number;
  userId: number | null;
  event: string;
  eventId: number | null;
  data: unknown;
  createdAt: number;
}

/** Writes a delivery with its fixed body and its job, in the caller's transaction; answers its row id. */
async function queueDelivery(trx: Db, d: NewDelivery, now = Date.now()): Promise<number> {
  const uid = `whd_${randomBytes(12).toString('hex')}`;
  const body = JSON.stringify({ id: uid, type: d.event, createdAt: new Date(d.createdAt).toISOString(), data: d.data });
  const row = await trx
    .insertInto('webhook_deliveries')
    .values({
      uid,
      subscription_id: d.subscriptionId,
      user_id: d.userId,
      event: d.event,
      event_id: d.eventId,
      body,
      status: 'pending',
      attempts: 0,
      http_status: null,
      excerpt: '',
      duration_ms: null,
      created_at: now,
      last_attempt_at: null,
      next_retry_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  await enqueueJob(
    trx,
    DELIVER_JOB,
    { deliveryId: id },
    { uniqueKey: `${DELIVER_JOB}:${id}:0`, maxAttempts: MAX_ATTEMPTS, runAt: now },
  );
  return id;
}

/**
 * The consumer of one domain event: a delivery for each enabled subscription that chose the event
 * and may see it (the platform's always; a member's when the event is about their objects).
 */
export async function queueForEvent(trx: Db, event: DomainEvent): Promise<number> {
  const type = event.type as WebhookEvent;
  const subs = await trx
    .selectFrom('webhook_subscriptions')
    .select(['id', 'user_id', 'events'])
    .where('enabled', '=', 1)
    .where('events', 'like', `%"${type}"%`)
    .execute();
  if (subs.length === 0) return 0;
  const owners = eventOwners(type, event.payload as DomainEvents[typeof type]);
  const members = new Set(owners.userIds);
  if (owners.siteId !== null && owners.siteId !== PLATFORM_SITE_ID) {
    const site = await sitePayeeOf(trx, owners.siteId);
    if (site) members.add(site.ownerId);
  }
  let n = 0;
  for (const s of subs) {
    const owner = s.user_id === null ? null : Number(s.user_id);
    if (owner !== null && !members.has(owner)) continue;
    await queueDelivery(trx, {
      subscriptionId: Number(s.id),
      userId: owner,
      event: type,
      eventId: event.id,
      data: event.payload,
      createdAt: event.createdAt,
    });
    n++;
  }
  return n;
}

/** The "send test event" button: a delivery of `webhook.test` to this one subscription. */
export async function queueTest(db: Db, owner: WebhookOwner, subscriptionId: number, audit?: Audit): Promise<number> {
  const sub = await subscriptionOf(db, owner, subscriptionId);
  if (Number(sub.enabled) !== 1) throw businessError('WEBHOOK_DISABLED');
  const now = Date.now();
  return db.transaction().execute(async (trx) => {
    const id = await queueDelivery(
      trx,
      {
        subscriptionId,
        userId: owner,
        event: WEBHOOK_TEST_EVENT,
        eventId: null,
        data: { message: '这是一条来自卡铺的测试事件，收到即表示 Webhook 配置正确。', subscriptionId },
        createdAt: now,
      },
      now,
    );
    await audit?.(trx, id);
    return id;
  });
}

export interface DeliverySender {
  box: SecretBox;
  hosts: 'public' | 'any';
  timeoutMs: () => number;
}

/**
 * The job: one attempt of a pending delivery, signed with the subscription's current secret and a
 * fresh timestamp. Each attempt is logged; 2xx delivers; anything else is retried on the schedule
 * (signing.ts) until the last attempt fails it. A refused address (private, for a member's
 * subscription) fails it at once. A worker that dies after the receiver's answer but before the
 * mark sends it again: at least once (receivers dedupe by the delivery id).
 */
export function deliveryJob(db: Db, s: DeliverySender) {
  return async (payload: unknown, job: JobInfo): Promise<void> => {
    const { deliveryId } = payload as { deliveryId: number };
    const d = await db.selectFrom('webhook_deliveries').selectAll().where('id', '=', deliveryId).executeTakeFirst();
    if (!d || d.status !== 'pending') return;
    const sub = await db
      .selectFrom('webhook_subscriptions')
      .selectAll()
      .where('id', '=', Number(d.subscription_id))
      .executeTakeFirst();
    const started = Date.now();
    const attempt = Number(d.attempts) + 1;
    let answer: OutboundAnswer | undefined;
    let error = '';
    let retry = true;
    if (!sub) {
      error = 'Webhook 已删除，未发送';
      retry = false;
    } else {
      const timestamp = Math.floor(started / 1000);
      try {
        answer = await outboundRequest(sub.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Kapu-Webhook/1.0',
            'x-kapu-event': d.event,
            'x-kapu-delivery': d.uid,
            'x-kapu-timestamp': String(timestamp),
            'x-kapu-signature': signWebhook(s.box.open(sub.secret_enc), timestamp, d.body),
          },
          body: d.body,
          timeoutMs: s.timeoutMs(),
          maxBytes: MAX_ANSWER_BYTES,
          trusted: sub.user_id === null,
          hosts: s.hosts,
        });
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
        if (err instanceof OutboundError && err.kind === 'refused') retry = false;
      }
    }
    const now = Date.now();
    const ms = (answer?.ms ?? now - started) | 0;
    const ok = answer !== undefined && answer.status >= 200 && answer.status < 300;
    const excerpt = answer ? answerExcerpt(answer.body) : '';
    const final = ok || !retry || job.attempts >= MAX_ATTEMPTS;
    const logged = {
      attempts: attempt,
      http_status: answer?.status ?? null,
      excerpt: answer ? excerpt : error.slice(0, 500),
      duration_ms: ms,
      last_attempt_at: now,
      next_retry_at: final ? null : now + retryDelay(job.attempts),
    } satisfies Partial<WebhookDeliveriesTable>;
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('webhook_attempts')
        .values({
          delivery_id: Number(d.id),
          attempt,
          at: now,
          http_status: answer?.status ?? null,
          excerpt,
          error: error.slice(0, 300),
          duration_ms: ms,
        })
        .execute();
      if (final)
        await moveStatus(trx, webhookDeliveryMachine, Number(d.id), 'pending', ok ? 'delivered' : 'failed', logged);
      else await trx.updateTable('webhook_deliveries').set(logged).where('id', '=', Number(d.id)).execute();
    });
    if (!final) throw new Error(answer ? `HTTP ${answer.status}` : error); // the runner retries after its backoff
  };
}

/** Replay: a past delivery (delivered or failed) is sent again: same id and body, a fresh signature. */
export async function replayDelivery(db: Db, scope: DeliveryScope, id: number, audit?: Audit): Promise<void> {
  const d = await deliveryOf(db, scope, id);
  const sub = await db
    .selectFrom('webhook_subscriptions')
    .select('enabled')
    .where('id', '=', Number(d.subscription_id))
    .executeTakeFirst();
  if (!sub) throw businessError('WEBHOOK_NOT_FOUND');
  if (Number(sub.enabled) !== 1) throw businessError('WEBHOOK_DISABLED');
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    const moved = await moveStatus(trx, webhookDeliveryMachine, id, ['delivered', 'failed'], 'pending', {
      next_retry_at: now,
    });
    if (!moved) throw businessError('WEBHOOK_DELIVERY_PENDING');
    await enqueueJob(
      trx,
      DELIVER_JOB,
      { deliveryId: id },
      { uniqueKey: `${DELIVER_JOB}:${id}:${Number(d.attempts)}`, maxAttempts: MAX_ATTEMPTS, runAt: now },
    );
    await audit?.(trx, id);
  });
}

async function deliveryOf(db: Db, scope: DeliveryScope, id: number) {
  let q = db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id);
  if (scope !== 'all') q = q.where('user_id', scope === null ? 'is' : '=', scope);
  const d = await q.executeTakeFirst();
  if (!d) throw businessError('WEBHOOK_DELIVERY_NOT_FOUND');
  return d;
}

type DeliveryRow = Pick<
  WebhookDeliveriesTable,
  | 'uid'
  | 'subscription_id'
  | 'user_id'
  | 'event'
  | 'status'
  | 'attempts'
  | 'http_status'
  | 'excerpt'
  | 'duration_ms'
  | 'created_at'
  | 'last_attempt_at'
  | 'next_retry_at'
> & { id: number; sub_name: string | null };

function deliveryView(r: DeliveryRow, tz: string, owners: Map<number, { loginName: string }>): WebhookDeliveryView {
  const when = (ms: number | null) => (ms === null ? '' : formatDateTime(Number(ms), tz));
  return {
    id: Number(r.id),
    deliveryId: r.uid,
    subscriptionId: Number(r.subscription_id),
    subscriptionName: r.sub_name ?? '',
    owner: r.user_id === null ? '平台' : (owners.get(Number(r.user_id))?.loginName ?? `#${r.user_id}`),
    event: r.event,
    eventText: WebhookEventLabels[r.event as WebhookEvent] ?? r.event,
    status: r.status,
    statusText: WebhookDeliveryStatusLabels[r.status],
    attempts: Number(r.attempts),
    httpStatus: r.http_status === null ? null : Number(r.http_status),
    excerpt: r.excerpt,
    durationMs: r.duration_ms === null ? null : Number(r.duration_ms),
    createdAt: when(Number(r.created_at)),
    lastAttemptAt: when(r.last_attempt_at),
    nextRetryAt: r.status === 'pending' && r.attempts > 0 ? when(r.next_retry_at) : '',
  };
}

function deliveriesQuery(db: Db) {
  return db
    .selectFrom('webhook_deliveries as d')
    .leftJoin('webhook_subscriptions as s', 's.id', 'd.subscription_id')
    .select([
      'd.id',
      'd.uid',
      'd.subscription_id',
      'd.user_id',
      'd.event',
      'd.status',
      'd.attempts',
      'd.http_status',
      'd.excerpt',
      'd.duration_ms',
      'd.created_at',
      'd.last_attempt_at',
      'd.next_retry_at',
      's.name as sub_name',
    ]);
}

/** The delivery log: one subscription's (of the owner), the owner's, or every one (staff). */
export async function listDeliveries(
  db: Db,
  scope: DeliveryScope,
  input: WebhookDeliveryListInput,
  tz: string,
): Promise<Paged<WebhookDeliveryView>> {
  let q = deliveriesQuery(db);
  if (scope !== 'all') q = q.where('d.user_id', scope === null ? 'is' : '=', scope);
  if (input.subscriptionId !== undefined) q = q.where('d.subscription_id', '=', input.subscriptionId);
  if (input.status) q = q.where('d.status', '=', input.status);
  const page = await fetchPage(q.orderBy('d.id', 'desc'), input);
  const owners =
    scope === 'all'
      ? await memberLabels(
          db,
          page.list.map((r) => r.user_id),
        )
      : new Map();
  return mapPage(page, (r) => deliveryView({ ...r, id: Number(r.id) }, tz, owners));
}

/** One delivery with its body and every attempt. */
export async function deliveryDetail(
  db: Db,
  scope: DeliveryScope,
  id: number,
  tz: string,
): Promise<WebhookDeliveryDetailView> {
  const d = await deliveryOf(db, scope, id);
  const row = await deliveriesQuery(db).where('d.id', '=', id).executeTakeFirstOrThrow();
  const owners = await memberLabels(db, [row.user_id]);
  const attempts = await db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('delivery_id', '=', id)
    .orderBy('id')
    .execute();
  return {
    delivery: deliveryView({ ...row, id: Number(row.id) }, tz, owners),
    body: d.body,
    attempts: attempts.map((a) => ({
      attempt: Number(a.attempt),
      at: formatDateTime(Number(a.at), tz),
      httpStatus: a.http_status === null ? null : Number(a.http_status),
      excerpt: a.excerpt,
      error: a.error,
      durationMs: Number(a.duration_ms),
    })),
  };
}

/** Removes finished deliveries (and their attempts) older than 30 days; pending ones stay. */
export async function purgeOldDeliveries(db: Db, now = Date.now()): Promise<number> {
  const before = now - KEEP_MS;
  return db.transaction().execute(async (trx) => {
    const old = trx
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('created_at', '<', before)
      .where('status', '!=', 'pending');
    await trx.deleteFrom('webhook_attempts').where('delivery_id', 'in', old).execute();
    const res = await trx
      .deleteFrom('webhook_deliveries')
      .where('created_at', '<', before)
      .where('status', '!=', 'pending')
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  });
}
