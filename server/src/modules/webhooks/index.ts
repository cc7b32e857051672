import { WEBHOOK_EVENTS } from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { scheduleRecurring } from '../../core/recurring.js';
import type { Deps } from '../../deps.js';
import { secretBoxFor } from '../verification/index.js';
import {
  DEFAULT_TIMEOUT_MS,
  DELIVER_JOB,
  PURGE_JOB,
  TIMEOUT_SETTING,
  deliveryJob,
  purgeOldDeliveries,
  queueForEvent,
} from './deliveries.js';
import { retryDelay } from './signing.js';
import { listenedEventTypes } from './subscriptions.js';
import { registerWebhookAdminRoutes } from './webhooks.admin.routes.js';
import { registerWebhookRoutes } from './webhooks.routes.js';
import { webhooksService } from './webhooks.service.js';

export { signWebhook, retryDelay, RETRY_DELAYS_MS, MAX_ATTEMPTS } from './signing.js';
export { DELIVER_JOB, PURGE_JOB, TIMEOUT_SETTING, purgeOldDeliveries } from './deliveries.js';

/** The consumer name (it keys what was consumed: never rename). */
export const WEBHOOKS_CONSUMER = 'webhooks';
const CACHE = 'webhook-events';
const DAY = 24 * 3_600_000;

/**
 * Outbound webhooks (decision 0017): a consumer of the domain events members and the platform may
 * subscribe to. Each consumer is switched on only while some enabled subscription chose its event
 * (an in-process set, reloaded on every instance through CacheSync when subscriptions change), so
 * with nobody subscribed (and no other consumer) the events are not written and cost the checkout nothing.
 */
export async function registerWebhooks(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, events, jobs, caches, settings, config } = deps;
  const box = secretBoxFor(config.dataDir);

  let listened = new Set<string>();
  const load = async () => {
    listened = await listenedEventTypes(db);
  };
  caches.register(CACHE, load);
  await load();

  for (const type of WEBHOOK_EVENTS) {
    events.on(
      type,
      WEBHOOKS_CONSUMER,
      async (event, trx) => {
        await queueForEvent(trx, event);
      },
      { when: () => listened.has(type) },
    );
  }

  const timeoutMs = () => {
    const v = Number(settings.get(TIMEOUT_SETTING));
    return Number.isFinite(v) && v >= 200 && v <= 30_000 ? v : DEFAULT_TIMEOUT_MS;
  };
  jobs.register(DELIVER_JOB, deliveryJob(db, { box, hosts: config.outboundHosts, timeoutMs }), retryDelay, {
    detached: true,
  });
  await scheduleRecurring(db, jobs, PURGE_JOB, DAY, (now) => purgeOldDeliveries(db, now));

  const service = webhooksService(deps, box, () => caches.changed(CACHE));
  registerWebhookRoutes(app, service);
  registerWebhookAdminRoutes(app, service);
}
