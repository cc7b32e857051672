import { Codes, type Area, type StaffPermission } from '@kapu/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import type { ActorContext, AuditEntry, RequestContext } from './context.js';
import type { Db } from './db/connect.js';
import { JsonText, failure, ok } from './envelope.js';
import { withFields } from './objects.js';

/** A request budget: `max` calls per window per client IP, or per value of a body field. */
export interface Limit {
  max: number;
  windowMs: number;
  /** Body field to key on (e.g. the account being logged into); absent = the client IP. */
  field?: string;
  /**
   * Counter shared by every call that names the same scope (e.g. every check of a visitor's
   * order query password); absent = this call's own counter.
   */
  scope?: string;
  /** Count only requests whose body carries this field (e.g. a query password). */
  onlyWith?: string;
  /** Key on the signed-in actor instead of the IP (a member guessing from many addresses); the IP without one. */
  perActor?: boolean;
}

export interface CallOptions<S extends z.ZodType, A extends Area | undefined = Area | undefined> {
  /** zod schema of the body; form fields arrive as strings, so use coercing schemas. */
  input?: S;
  /** Session the call needs; absent = public. */
  auth?: A;
  permission?: StaffPermission;
  /** Every limit must allow the call (per IP and per account on sensitive calls). */
  limits?: Limit[];
  /** Bytes a body may have when the app-wide 2 MB is too small (bulk card imports). */
  bodyLimit?: number;
  /**
   * An admin write to record in the audit log: the action name, and what of the input to keep
   * (default: all of it, secrets masked by the recorder; bulk card text and delivery contents
   * should be summarised instead). The handler's service writes the row with
   * `writeAudit(ctx, trx, …)` inside the transaction of its change (the only way a row is written).
   */
  audit?: { action: string; record?: (input: z.output<S>) => unknown };
  /** Days of order history visitors may look up, sent as the envelope's keyDay (the client keeps 1 − keyDay as its cookie). */
  keyDay?: () => number;
}

/**
 * What the app wires in for `audit` (the audit module writes it; core does not know it): the row
 * goes into `trx`, the transaction of the change.
 */
export type AdminWriteRecorder = (
  trx: Db,
  ctx: RequestContext,
  action: string,
  target: string,
  before: unknown,
  after: unknown,
  siteId: number | null,
) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    recordAdminWrite: AdminWriteRecorder;
  }
}

/** "goods:12" from the given id, or the input's or the answer's, so the log points at the object. */
function auditTarget(action: string, input: unknown, data: unknown, given?: number | string): string {
  const kind = action.split('.')[0];
  if (given !== undefined) return `${kind}:${given}`;
  const pick = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
  const id = pick(input).id ?? pick(data).id ?? pick(input).goodsId ?? pick(input).orderNo ?? pick(input).ids;
  return `${kind}:${Array.isArray(id) ? id.join(',') : String(id ?? '')}`;
}

/**
 * The one way to write an audit row: in `trx`, the transaction of the change, through the call's
 * `audit` declaration (core/calls.ts), so the change and its record commit together or not at
 * all. A call that is not declared with `audit` is a programming error and fails the write.
 */
export async function writeAudit(ctx: RequestContext, trx: Db, entry?: AuditEntry): Promise<void> {
  if (!ctx.audit) throw new Error('this call is not declared with `audit` (defineCall)');
  await ctx.audit(trx, entry);
}

/** What a handler gets: a call that needs a session has an actor (the context hook refused it otherwise). */
export type CallContext<A extends Area | undefined> = A extends Area ? ActorContext : RequestContext;

type Handler<S extends z.ZodType, R, A extends Area | undefined> = (
  ctx: CallContext<A>,
  input: z.output<S>,
  req: FastifyRequest,
  reply: FastifyReply,
) => Promise<R> | R;

const scopedLimiters = new WeakMap<FastifyInstance, Map<string, ReturnType<FastifyInstance['createRateLimit']>>>();

function limiterHook(app: FastifyInstance, path: string, limits: Limit[]): preHandlerAsyncHookHandler {
  const bodyField = (req: FastifyRequest, field: string) => (req.body as Record<string, unknown> | undefined)?.[field];
  const checks = limits.map((limit) => {
    const key = limit.scope ?? path;
    const make = () =>
      app.createRateLimit({
        max: limit.max,
        timeWindow: limit.windowMs,
        keyGenerator: (req: FastifyRequest) => {
          if (limit.perActor && req.ctx.actor) return `${key}|actor|${req.ctx.actor.area}:${req.ctx.actor.id}`;
          if (!limit.field) return `${key}|ip|${req.ctx.ip}`;
          return `${key}|${limit.field}|${String(bodyField(req, limit.field) ?? '')
            .trim()
            .toLowerCase()}`;
        },
      });
    // A scoped limit is one counter for all its calls: the in-process store lives in the limiter
    // (Redis is shared anyway), so the calls of a scope share one limiter.
    if (!limit.scope) return { limit, check: make() };
    let shared = scopedLimiters.get(app);
    if (!shared) scopedLimiters.set(app, (shared = new Map()));
    const id = `${limit.scope}|${limit.perActor ? 'actor' : (limit.field ?? 'ip')}|${limit.max}|${limit.windowMs}`;
    let check = shared.get(id);
    if (!check) shared.set(id, (check = make()));
    return { limit, check };
  });
  return async (req, reply) => {
    for (const { limit, check } of checks) {
      if (limit.onlyWith && !String(bodyField(req, limit.onlyWith) ?? '').trim()) continue;
      const result = await check(req);
      if (!result.isAllowed && result.isExceeded) {
        const seconds = Math.max(1, Math.ceil(result.ttl / 1000));
        return reply
          .code(429)
          .header('retry-after', String(seconds))
          .send(failure(Codes.TOO_MANY_REQUESTS.code, `操作过于频繁，请 ${seconds} 秒后再试`));
      }
    }
  };
}

/**
 * Declares one API call: POST, body validated by zod (errors become code 1001 in Chinese),
 * session and permission checked by the context hook, answer wrapped in the envelope.
 * Routes stay thin: parse here, rules in services.
 */
export function defineCall<S extends z.ZodType, R, A extends Area | undefined = undefined>(
  app: FastifyInstance,
  path: string,
  options: CallOptions<S, A>,
  handler: Handler<S, R, A>,
): void {
  const { input, auth, permission, limits, bodyLimit, audit, keyDay } = options;
  app.post(
    path,
    {
      config: { auth, permission, input },
      ...(bodyLimit ? { bodyLimit } : {}),
      preHandler: limits?.length ? limiterHook(app, path, limits) : undefined,
    },
    async (req, reply) => {
      const parsed = input ? input.parse(req.body ?? {}) : ({} as z.output<S>);
      let audited = false;
      if (audit) {
        const after = audit.record ? audit.record(parsed) : parsed;
        req.ctx.audit = async (trx, entry = {}) => {
          audited = true;
          const action = entry.action ?? audit.action;
          const target = entry.target ?? auditTarget(action, parsed, undefined, entry.id);
          const recorded = 'after' in entry ? entry.after : after;
          await app.recordAdminWrite(
            trx,
            req.ctx,
            action,
            target,
            entry.before ?? null,
            recorded,
            entry.siteId ?? null,
          );
        };
      }
      // The context hook answered 401 before this point when `auth` is set and no session came.
      const data = await handler(req.ctx as CallContext<A>, parsed, req, reply);
      // One path: the service wrote the row with writeAudit inside its change's transaction. A call
      // that changed nothing (every id already handled) writes none; say so in the log.
      if (audit && !audited) req.log.info({ action: audit.action }, 'audited call changed nothing: no audit row');
      if (data instanceof JsonText) return reply.type('application/json; charset=utf-8').send(data.envelope());
      return keyDay ? withFields(ok(data ?? null), { keyDay: keyDay() }) : ok(data ?? null);
    },
  );
}
