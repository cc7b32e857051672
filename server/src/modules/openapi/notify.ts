import { OPENAPI_NOTIFY_RETRY_SECONDS, OPENAPI_VERSION } from '@kapu/contract';
import { enqueueJob } from '../../core/jobs.js';
import { outboundRequest } from '../../core/outbound.js';
import type { Db } from '../../core/db/connect.js';
import type { Deps } from '../../deps.js';
import { callerContext, cardsView, orderView, type OpenApiPorts } from './endpoints.js';
import { openApiCredentials } from './keys.js';
import { encryptForCallback, signRequest } from './signature.js';
import { apiGoodsStatus } from './api-status.js';
import { NOTIFY_ATTEMPTS, NOTIFY_JOB, callbacksInUse, pushesInUse, queueOrderNotify } from './notify-queue.js';

export { NOTIFY_JOB };

export const GOODS_PUSH_JOB = 'openapi.goodsPush';
export const GOODS_PUSH_TO_JOB = 'openapi.goodsPushTo';
/** A burst of changes of one goods within this window becomes one push. */
export const GOODS_PUSH_COALESCE_MS = 3_000;

/** 15 s, 15 s, 30 s, 3 min, 10 min, 20 min, 30 min after each failed attempt; then it stops. */
export function notifyBackoff(attempt: number): number {
  const i = Math.min(Math.max(attempt, 1), OPENAPI_NOTIFY_RETRY_SECONDS.length) - 1;
  return OPENAPI_NOTIFY_RETRY_SECONDS[i]! * 1000;
}

/** A POST signed like a request (the receiver checks it with the same secret); true when it answered `ok`. */
async function signedPost(deps: Deps, url: string, appId: string, secret: string, payload: unknown): Promise<void> {
  const body = JSON.stringify(payload);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const answer = await outboundRequest(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'x-app-id': appId,
      'x-version': OPENAPI_VERSION,
      'x-timestamp': timestamp,
      'x-signature': signRequest(appId, secret, OPENAPI_VERSION, timestamp, body),
    },
    body,
    timeoutMs: 10_000,
    maxBytes: 4096,
    hosts: deps.config.outboundHosts,
  });
  if (answer.body.trim().toLowerCase() !== 'ok') throw new Error(`receiver answered ${answer.status}, not ok`);
}

/**
 * Order callbacks and goods pushes (decision 0014). Order changes arrive as domain events; an API
 * order with a notify address gets one durable job per order (a pending one absorbs later changes:
 * it sends the state when it runs), retried on the callback schedule. Goods changes become one
 * coalesced job per goods, fanned out to each subscribed key whose member can buy the goods.
 */
export function registerOpenApiNotify(deps: Deps, ports: OpenApiPorts): void {
  const { db, events, jobs } = deps;

  async function queueNotify(trx: Db, p: { orderNo: string; userId: number | null }) {
    if (p.userId === null) return;
    const row = await trx
      .selectFrom('openapi_requests')
      .select(['id', 'notify_url'])
      .where('user_id', '=', p.userId)
      .where('kind', '=', 'order')
      .where('ref_no', '=', p.orderNo)
      .executeTakeFirst();
    // Not recorded yet (its order/create is finishing): that call queues the callback itself.
    if (!row) return;
    if (!row.notify_url) return;
    await queueOrderNotify(trx, Number(row.id));
  }

  // Switched off until API orders with callbacks exist (any instance's): shops that never use them
  // pay nothing per order. The first such order's own state is queued by order/create itself; other
  // instances notice within 5 s (a change in that window on another instance is not called back).
  const when = () => callbacksInUse.on;
  // API orders are members' orders: a visitor's order has no callback.
  const byMember = (p: { userId: number | null }) => p.userId !== null;
  jobs.every('openapi.callbacksInUse', 5_000, async () => {
    if (callbacksInUse.on) return;
    const any = await db
      .selectFrom('openapi_requests')
      .select('id')
      .where('notify_url', 'is not', null)
      .limit(1)
      .executeTakeFirst();
    if (any) callbacksInUse.on = true;
  });
  events.on('order.paid', 'openapi.notify', (e, trx) => queueNotify(trx, e.payload), { when, wants: byMember });
  events.on('order.delivered', 'openapi.notify', (e, trx) => queueNotify(trx, e.payload), { when, wants: byMember });
  events.on('order.shipped', 'openapi.notify', (e, trx) => queueNotify(trx, e.payload), { when, wants: byMember });
  events.on('order.refunded', 'openapi.notify', (e, trx) => queueNotify(trx, e.payload), { when, wants: byMember });

  jobs.register(
    NOTIFY_JOB,
    async (payload) => {
      const { requestId } = payload as { requestId: number };
      const req = await db.selectFrom('openapi_requests').selectAll().where('id', '=', requestId).executeTakeFirst();
      if (!req?.notify_url || !req.ref_no) return;
      const key = await openApiCredentials(deps, req.app_id);
      if (!key) return; // revoked: nobody to sign for
      const ctx = await callerContext(deps, ports, Number(req.user_id), '', 'kapu-notify');
      if (!ctx) return;
      const detail = await ports.orders.myDetail(ctx, req.ref_no);
      const view = orderView(detail, req.outer_number);
      const { cards, ...rest } = view;
      const message = {
        ...rest,
        cards: cards.length ? encryptForCallback(key.secret, JSON.stringify(cardsView(detail.cards))) : '',
      };
      try {
        await signedPost(deps, req.notify_url, req.app_id, key.secret, message);
        await db
          .updateTable('openapi_requests')
          .set({ notify_state: 'ok', notified_at: Date.now() })
          .where('id', '=', requestId)
          .execute();
      } catch (err) {
        await db
          .updateTable('openapi_requests')
          .set({ notify_state: 'failed', notified_at: Date.now() })
          .where('id', '=', requestId)
          .execute();
        throw err;
      }
    },
    notifyBackoff,
    { detached: true }, // a member's receiver may hang until the deadline: not the whole runner with it
  );

  // ---------- goods pushes ----------

  const queuePush = (trx: Db, goodsId: number) =>
    enqueueJob(
      trx,
      GOODS_PUSH_JOB,
      { goodsId },
      {
        uniqueKey: `${GOODS_PUSH_JOB}:${goodsId}`,
        runAt: Date.now() + GOODS_PUSH_COALESCE_MS,
      },
    );
  const pushing = () => pushesInUse.on;
  jobs.every('openapi.pushesInUse', 5_000, async () => {
    pushesInUse.on = !!(await db.selectFrom('openapi_push_targets').select('app_id').limit(1).executeTakeFirst());
  });
  const onChange = (e: { payload: { goodsId: number } }, trx: Db) => queuePush(trx, e.payload.goodsId);
  events.on('goods.changed', 'openapi.goodsPush', onChange, { when: pushing });
  events.on('stock.restocked', 'openapi.goodsPush', onChange, { when: pushing });
  // Stock running low (once per crossing, sold out included) is pushed too; single sales are not.
  events.on('stock.low', 'openapi.goodsPush', onChange, { when: pushing });

  jobs.register(GOODS_PUSH_JOB, async (payload) => {
    const { goodsId } = payload as { goodsId: number };
    const targets = await db.selectFrom('openapi_push_targets').select(['app_id']).execute();
    for (const t of targets)
      await enqueueJob(
        db,
        GOODS_PUSH_TO_JOB,
        { goodsId, appId: t.app_id },
        {
          uniqueKey: `${GOODS_PUSH_TO_JOB}:${goodsId}:${t.app_id}`,
          maxAttempts: NOTIFY_ATTEMPTS,
        },
      );
  });

  jobs.register(
    GOODS_PUSH_TO_JOB,
    async (payload) => {
      const { goodsId, appId } = payload as { goodsId: number; appId: string };
      const target = await db
        .selectFrom('openapi_push_targets')
        .selectAll()
        .where('app_id', '=', appId)
        .executeTakeFirst();
      const key = await openApiCredentials(deps, appId);
      if (!target || !key || !key.enabled || !key.scopes.includes('goods')) return;
      const ctx = await callerContext(deps, ports, key.userId, '', 'kapu-push');
      if (!ctx) return;
      // The goods as this member's site sells it to them; goods they cannot buy are not pushed.
      const g = await ports.catalog.getDetail(ctx, goodsId).catch(() => null);
      if (!g) return;
      await signedPost(deps, target.url, appId, key.secret, {
        goodsId,
        price: (g.price / 100).toFixed(2),
        status: apiGoodsStatus[g.status],
        stock: g.stock,
      });
    },
    notifyBackoff,
    { detached: true },
  );
}
