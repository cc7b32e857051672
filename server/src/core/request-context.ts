import { Codes, type Area } from '@kapu/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from './db/connect.js';
import { areaOf, tokenOf, type RequestContext, type SiteRef } from './context.js';
import { failure } from './envelope.js';
import { ReadCache } from './db/read-cache.js';
import { findLiveSession } from './sessions.js';

/** What a module says about the actor behind a session: name and permissions, or a refusal. */
export type ActorResolution = { name: string; permissions: string[] } | { refused: string };
export type ActorResolver = (db: Db, actorId: number) => Promise<ActorResolution>;
/** A resolver and the tables/columns its queries read (its answers are cached until those change). */
export interface ActorSource {
  resolve: ActorResolver;
  reads: readonly string[];
}

/** What a site that does not serve answers (its info still answers, so the web shows the closed page). */
const CLOSED = { closed: Codes.SITE_CLOSED, suspended: Codes.SITE_SUSPENDED, expired: Codes.SITE_EXPIRED };
const SERVED_WHEN_CLOSED = new Set(['/site/info']);

const ENDED = { user: Codes.USER_SESSION_ENDED, admin: Codes.ADMIN_SESSION_ENDED, other: Codes.OTHER_SESSION_ENDED };

export interface ContextDeps {
  db: Db;
  /** The platform, for the admin and service-desk areas. */
  platformSite: () => SiteRef;
  /** The site a user-area request belongs to (decision 0009); null: it names a site that does not exist. */
  siteOf: (req: FastifyRequest) => Promise<SiteRef | null>;
  resolvers: Partial<Record<Area, ActorSource>>;
}

/**
 * Builds `req.ctx` once per API request and enforces the route's `auth`/`permission`:
 * a missing or dead session answers the area's session code (-1/-2/-3), a missing
 * permission answers 403.
 */
export function registerRequestContext(app: FastifyInstance, deps: ContextDeps): void {
  app.decorateRequest('ctx', null as unknown as RequestContext);
  // Who an actor is (status, name, permissions), kept only while nothing it was read from
  // changed since (exact; SQLite only — see core/db/read-cache.ts).
  const actors = new Map(
    Object.entries(deps.resolvers).map(([area, source]) => [
      area,
      new ReadCache<ActorResolution>(10_000, source.reads),
    ]),
  );

  app.addHook('preHandler', async (req, reply) => {
    const area = areaOf(req.url);
    const site = area === 'user' ? await deps.siteOf(req) : deps.platformSite();
    const ctx: RequestContext = {
      area,
      site: site ?? deps.platformSite(),
      actor: null,
      permissions: new Set(),
      ip: req.ip,
      userAgent: String(req.headers['user-agent'] ?? ''),
    };
    req.ctx = ctx;
    if (req.method === 'GET' || req.method === 'HEAD') return;
    if (!site) return reply.send(failure(Codes.SITE_NOT_FOUND.code, Codes.SITE_NOT_FOUND.msg));
    if (site.status !== 'active' && !SERVED_WHEN_CLOSED.has(req.url)) {
      const refusal = CLOSED[site.status];
      return reply.send(failure(refusal.code, refusal.msg));
    }

    const token = tokenOf(req);
    const source = deps.resolvers[area];
    if (token && source) {
      const session = await findLiveSession(deps.db, area, token);
      if (session) {
        const who = await actors
          .get(area)!
          .load(deps.db, `${area}:${session.actorId}`, () => source.resolve(deps.db, session.actorId));
        if ('refused' in who) ctx.sessionProblem = who.refused;
        else {
          ctx.actor = { area, id: session.actorId, sessionId: session.id, name: who.name };
          ctx.permissions = new Set(who.permissions);
        }
      }
    }

    const config = req.routeOptions.config;
    const needs = config?.auth;
    if (!needs) return;
    if (!ctx.actor || needs !== area) {
      const ended = ENDED[needs];
      return reply.send(failure(ended.code, ctx.sessionProblem ?? ended.msg));
    }
    if (config.permission && !ctx.permissions.has(config.permission)) {
      return reply.send(failure(Codes.FORBIDDEN.code, Codes.FORBIDDEN.msg));
    }
  });
}
