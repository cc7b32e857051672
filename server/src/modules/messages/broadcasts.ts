import {
  BroadcastAudienceLabels,
  BroadcastStatusLabels,
  type BroadcastAudience,
  type BroadcastView,
  type Paged,
  type PageRequest,
  type z,
  type broadcastCreateInput,
} from '@kapu/contract';
import type { Selectable } from 'kysely';
import { writeAudit } from '../../core/calls.js';
import type { RequestContext } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import { moveStatus } from '../../core/fsm.js';
import { enqueueJob } from '../../core/jobs.js';
import { fetchPage, mapPage } from '../../core/paging.js';
import { formatDateTime } from '../../core/time.js';
import { audienceIdsAfter, audienceSize, type MemberAudience } from '../accounts/index.js';
import { writeMessages } from './inbox.js';
import { broadcastMachine } from './machines.js';
import type { MessageBroadcastsTable } from './tables.js';
import { BROADCAST_TOPIC } from './topics.js';

/**
 * Admin broadcasts: the request only records the broadcast and its job (audited, one
 * transaction); the job writes the messages in batches, each batch with its cursor in one
 * transaction, so a crash resumes where the last batch committed and nobody gets it twice.
 */
export const BROADCAST_JOB = 'messages.broadcast';
export const BROADCAST_BATCH = 500;

type BroadcastRow = Selectable<MessageBroadcastsTable>;

function audienceOf(row: Pick<BroadcastRow, 'audience' | 'level_id' | 'site_id'>): MemberAudience {
  if (row.audience === 'level') return { kind: 'level', levelId: Number(row.level_id) };
  if (row.audience === 'site') return { kind: 'site', siteId: Number(row.site_id) };
  return { kind: 'all' };
}

export async function createBroadcast(
  db: Db,
  ctx: RequestContext,
  input: z.infer<typeof broadcastCreateInput>,
  now = Date.now(),
): Promise<{ id: number; audienceSize: number }> {
  const values = {
    audience: input.audience,
    level_id: input.audience === 'level' ? (input.levelId ?? null) : null,
    site_id: input.audience === 'site' ? (input.siteId ?? null) : null,
  };
  const size = await audienceSize(db, audienceOf(values));
  if (size === 0) throw businessError('BROADCAST_NO_AUDIENCE');
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('message_broadcasts')
      .values({
        ...values,
        title: input.title,
        body: input.body,
        status: 'queued',
        cursor: 0,
        sent: 0,
        created_by: ctx.actor?.name ?? '',
        created_at: now,
        finished_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await enqueueJob(trx, BROADCAST_JOB, { broadcastId: id }, { uniqueKey: `${BROADCAST_JOB}:${id}`, maxAttempts: 20 });
    await writeAudit(ctx, trx, { id, after: { ...values, title: input.title, audienceSize: size } });
    return { id, audienceSize: size };
  });
}

/** The job: writes the next batches until the audience is done. */
export async function runBroadcast(db: Db, broadcastId: number, batch = BROADCAST_BATCH): Promise<void> {
  const first = await db
    .selectFrom('message_broadcasts')
    .select('status')
    .where('id', '=', broadcastId)
    .executeTakeFirst();
  if (!first || first.status === 'done') return;
  if (first.status === 'queued') await moveStatus(db, broadcastMachine, broadcastId, 'queued', 'sending');
  for (;;) {
    const more = await db.transaction().execute(async (trx) => {
      const b: BroadcastRow = await trx
        .selectFrom('message_broadcasts')
        .selectAll()
        .where('id', '=', broadcastId)
        .executeTakeFirstOrThrow();
      if (b.status !== 'sending') return false;
      const ids = await audienceIdsAfter(trx, audienceOf(b), Number(b.cursor), batch);
      const now = Date.now();
      await writeMessages(
        trx,
        ids.map((userId) => ({
          userId,
          topic: BROADCAST_TOPIC,
          category: 'system' as const,
          title: b.title,
          body: b.body,
          broadcastId,
        })),
        now,
      );
      // The cursor moves only where the batch's messages are: both commit or neither.
      const moved = await trx
        .updateTable('message_broadcasts')
        .set({ cursor: ids.length ? ids[ids.length - 1] : Number(b.cursor), sent: Number(b.sent) + ids.length })
        .where('id', '=', broadcastId)
        .where('cursor', '=', Number(b.cursor))
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new Error('broadcast batch raced another worker');
      if (ids.length < batch) {
        await moveStatus(trx, broadcastMachine, broadcastId, 'sending', 'done', { finished_at: now });
        return false;
      }
      return true;
    });
    if (!more) return;
  }
}

export async function listBroadcasts(db: Db, page: PageRequest, timeZone: string): Promise<Paged<BroadcastView>> {
  const q = db.selectFrom('message_broadcasts').selectAll().orderBy('id', 'desc');
  return mapPage(await fetchPage(q, page), (r) => {
    const audience = r.audience as BroadcastAudience;
    return {
      id: Number(r.id),
      audience,
      audienceText:
        audience === 'level'
          ? `会员等级 #${r.level_id}`
          : audience === 'site'
            ? `分站 #${r.site_id} 的会员`
            : BroadcastAudienceLabels.all,
      title: r.title,
      body: r.body,
      status: r.status,
      statusText: BroadcastStatusLabels[r.status],
      sent: Number(r.sent),
      createdBy: r.created_by,
      createdAt: formatDateTime(Number(r.created_at), timeZone),
      finishedAt: r.finished_at === null ? '' : formatDateTime(Number(r.finished_at), timeZone),
    };
  });
}
