import type { FastifyInstance } from 'fastify';
import type { DomainEvents, EventType } from '../../core/events.js';
import { enqueueJob } from '../../core/jobs.js';
import { withFields } from '../../core/objects.js';
import type { Deps } from '../../deps.js';
import { memberNotifyProfile } from '../accounts/index.js';
import { secretBoxFor } from '../verification/index.js';
import { BROADCAST_JOB, runBroadcast } from './broadcasts.js';
import { DELIVERY_JOB, deliveryJob, memberChannels, queueDeliveries } from './deliveries.js';
import { writeMessages } from './inbox.js';
import { registerMessageAdminRoutes } from './messages.admin.routes.js';
import { registerMessageRoutes } from './messages.routes.js';
import { messagesService } from './messages.service.js';
import { robotsFor } from './robots.js';
import { pollTelegram, readTelegram } from './telegram.js';
import { memberTopics, staffTopics, type MemberTopic, type StaffTopic } from './topics.js';

export { writeMessages, unreadCount } from './inbox.js';
export { memberTopics, staffTopics } from './topics.js';
export { DELIVERY_JOB } from './deliveries.js';
export { dingtalkSign } from './providers.js';

/** Consumer names (they key what was consumed: never rename). */
export const INBOX_CONSUMER = 'messages.inbox';
export const ROBOTS_CONSUMER = 'messages.robots';
export const TELEGRAM_POLL_JOB = 'messages.telegramPoll';

/**
 * The messages module: a consumer of domain events. For each event kind in `memberTopics` it
 * writes the members' messages with their unread counters (a chunk of events at a time) and
 * queues the e-mail / Telegram deliveries they chose, all in the consumer's transaction, so each
 * happens once per event; for
 * each kind in `staffTopics` it queues a delivery to every robot told about it. Deliveries,
 * broadcasts and Telegram's getUpdates run as durable jobs.
 */
export async function registerMessages(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, settings, events, jobs, caches } = deps;
  const box = secretBoxFor(deps.config.dataDir);
  const service = messagesService(deps, box);

  for (const type of Object.keys(memberTopics) as EventType[]) {
    const topic = memberTopics[type] as MemberTopic<EventType>;
    // A chunk of events: their messages in one insert and one counter upsert (a checkout burst
    // writes one message per card order).
    events.onChunk(
      type,
      INBOX_CONSUMER,
      async (chunk, trx) => {
        const drafts = [];
        for (const event of chunk) drafts.push(...(await topic.drafts(event.payload as DomainEvents[EventType], trx)));
        if (drafts.length === 0) return;
        const now = Date.now();
        await writeMessages(
          trx,
          drafts.map((d) => withFields(d, { topic: type, category: topic.category })),
          now,
        );
        for (const d of drafts) {
          const channels = await memberChannels(trx, settings, d.userId, type);
          if (!channels.email && !channels.telegram) continue;
          const target = (await memberNotifyProfile(trx, d.userId))?.loginName ?? `#${d.userId}`;
          const base = { userId: d.userId, topic: type, target, subject: d.title, text: d.body };
          await queueDeliveries(
            trx,
            [
              ...(channels.email ? [withFields(base, { channel: 'email' as const })] : []),
              ...(channels.telegram ? [withFields(base, { channel: 'telegram' as const })] : []),
            ],
            now,
          );
        }
      },
      { wants: topic.wants },
    );
  }

  // Which staff topics some enabled robot listens to (events of others queue nothing for robots).
  let robotTopics = new Set<string>();
  const loadRobotTopics = async () => {
    const rows = await db.selectFrom('message_robots').select('topics').where('enabled', '=', 1).execute();
    robotTopics = new Set(rows.flatMap((r) => JSON.parse(r.topics) as string[]));
  };
  caches.register('message-robots', loadRobotTopics);
  await loadRobotTopics();
  for (const type of Object.keys(staffTopics) as EventType[]) {
    const topic = staffTopics[type] as StaffTopic<EventType>;
    events.on(
      type,
      ROBOTS_CONSUMER,
      async (event, trx) => {
        const robots = await robotsFor(trx, type);
        if (robots.length === 0) return;
        const text = await topic.text(event.payload as DomainEvents[EventType], trx);
        if (!text) return;
        await queueDeliveries(
          trx,
          robots.map((r) => ({
            channel: 'robot' as const,
            robotId: Number(r.id),
            topic: type,
            target: r.name,
            subject: topic.label,
            text,
          })),
        );
      },
      { when: () => robotTopics.has(type), wants: topic.wants },
    );
  }

  jobs.register(DELIVERY_JOB, deliveryJob(db, { settings, box, mailBox: box }), undefined, { detached: true });
  jobs.register(BROADCAST_JOB, (payload) => runBroadcast(db, (payload as { broadcastId: number }).broadcastId));
  jobs.register(TELEGRAM_POLL_JOB, async () => {
    await pollTelegram(db, settings, box);
  });
  // One getUpdates poller across instances at a time (the job's unique key), every 2 s while the bot is on.
  jobs.every(TELEGRAM_POLL_JOB, 2_000, async () => {
    if (readTelegram(settings)?.enabled)
      await enqueueJob(db, TELEGRAM_POLL_JOB, {}, { uniqueKey: TELEGRAM_POLL_JOB, maxAttempts: 1 });
  });

  registerMessageRoutes(app, service);
  registerMessageAdminRoutes(app, deps, service, box, () => caches.changed('message-robots'));
}
