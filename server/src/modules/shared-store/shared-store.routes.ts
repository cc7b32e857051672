import { Codes } from '@kapu/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import type { ActorContext } from '../../core/context.js';
import { businessError, isBusinessError } from '../../core/errors.js';
import type { SharedForm, SharedStoreService } from './shared-store.service.js';

/**
 * The paths an acg-faka 3.x downstream posts to (`{domain}/shared/{controller}/{action}`, decision 0015).
 * They answer in acg-faka's shape, not Kapu's envelope: `{"code":200,"msg":"success","data":…}`, and
 * every refusal HTTP 200 `{"code":0,"msg":"…"}` (its Kernel renders a JSONException so).
 */
export const SHARED_PATHS = {
  connect: '/shared/authentication/connect',
  items: '/shared/commodity/items',
  item: '/shared/commodity/item',
  inventory: '/shared/commodity/inventory',
  inventoryState: '/shared/commodity/inventoryState',
  trade: '/shared/commodity/trade',
  query: '/shared/commodity/query',
  draftCard: '/shared/commodity/draftCard',
} as const;

/** Calls per minute from one address (an acg-faka shop syncing stock calls inventory per goods). */
const PER_MINUTE = 600;

/** The posted form as text fields; a repeated or non-text field makes it unusable (null). */
function formOf(body: unknown): SharedForm | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body === undefined ? {} : null;
  const form: SharedForm = {};
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (typeof v !== 'string') return null;
    form[k] = v;
  }
  return form;
}

export function registerSharedStoreRoutes(app: FastifyInstance, shared: SharedStoreService): void {
  const limiter = app.createRateLimit({
    max: PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (req: FastifyRequest) => `shared|ip|${req.ctx.ip}`,
  });
  const refuse = (reply: FastifyReply, msg: string) => reply.code(200).send({ code: 0, msg });

  const answer = (
    path: string,
    run: (ctx: ActorContext, form: SharedForm) => Promise<unknown> | unknown,
    scope: 'goods' | 'orders' = 'goods',
  ) =>
    app.post(path, async (req, reply) => {
      const limit = await limiter(req);
      if (!limit.isAllowed && limit.isExceeded) return refuse(reply, '请求过于频繁，请稍后再试');
      const form = formOf(req.body);
      if (!form) return refuse(reply, Codes.SHARED_APP_ID_UNKNOWN.msg);
      try {
        const ctx = await shared.authenticate(req.ctx, form, scope);
        const data = await run(ctx, form);
        return reply.code(200).send({ code: 200, msg: 'success', data });
      } catch (err) {
        if (isBusinessError(err)) return refuse(reply, err.message);
        if (err instanceof ZodError) return refuse(reply, err.issues[0]?.message ?? Codes.BAD_INPUT.msg);
        req.log.error({ err }, 'shared-store call failed');
        return refuse(reply, Codes.SERVER_BUSY.msg);
      }
    });

  answer(SHARED_PATHS.connect, (ctx) => shared.connect(ctx));
  answer(SHARED_PATHS.items, (ctx) => shared.items(ctx));
  answer(SHARED_PATHS.item, (ctx, form) => shared.item(ctx, form));
  answer(SHARED_PATHS.inventory, (ctx, form) => shared.inventory(ctx, form));
  answer(SHARED_PATHS.inventoryState, (ctx, form) => shared.inventoryState(ctx, form));
  answer(SHARED_PATHS.trade, (ctx, form) => shared.trade(ctx, form), 'orders');
  answer(SHARED_PATHS.query, (ctx, form) => shared.query(ctx, form), 'orders');
  // Kapu has no pre-chosen cards (预选卡密): acg-faka's own answer for goods without it.
  answer(SHARED_PATHS.draftCard, () => {
    throw businessError('SHARED_NO_DRAFT');
  });
}
