import type { Area, StaffPermission } from '@kapu/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from './db/connect.js';

/** Internal prefix the admin path is rewritten to; never reachable from outside. */
export const ADMIN_PREFIX = '/__admin';

export interface Actor {
  area: Area;
  id: number;
  sessionId: number;
  /** login name (user) or username (staff), for logs and audit. */
  name: string;
}

/** The site a request belongs to, resolved once, first (decision 0009). */
export interface SiteRef {
  id: number;
  title: string;
  /** 0: the platform; 1: a site opened by a platform member; and so on. */
  depth: number;
  /** Ids from the platform down to this site; the platform's is [1]. */
  chain: readonly number[];
  ownerId: number | null;
  path: string | null;
  status: 'active' | 'closed' | 'suspended' | 'expired';
  /** The platform member level whose prices the chain starts from (the first sub-site's version level). */
  rootLevelId: number | null;
  /** Whether its published decoration shows: always on the platform; a sub-site's version must include decoration. */
  decorated: boolean;
}

/** Built once per request; every service takes it first. */
/** What a handler adds to its call's audit row: the act when it differs from the call's, the object (`id` of the action's kind, or a whole `target` like "user:12"), the state before, and what to record as after when not the call's input. */
export interface AuditEntry {
  /** When one call records different acts (a save that creates or updates): the act done. */
  action?: string;
  id?: number | string;
  target?: string;
  before?: unknown;
  after?: unknown;
  /** The sub-site the act was on (a site owner's edit of their site), so its owner can read it. */
  siteId?: number;
}

export interface RequestContext {
  area: Area;
  site: SiteRef;
  actor: Actor | null;
  permissions: ReadonlySet<string>;
  ip: string;
  userAgent: string;
  /** Why the session was refused, when a token was sent but not accepted. */
  sessionProblem?: string;
  /**
   * Calls declared with `audit` (core/calls.ts) only: writes the call's audit row with the
   * transaction of the change, so the change and its record commit together or not at all.
   * `id` names the object when the input does not (a new row's id).
   */
  audit?: (trx: Db, entry?: AuditEntry) => Promise<void>;
  /**
   * The open-API key of the call (the gateway, or acg-faka's shared store) is one whose member opted in to
   * orders without the sale password (decision 0015): a balance order that sends none goes through.
   * Set only by those two; a session never has it.
   */
  orderWithoutSalePwd?: boolean;
}

/** The context of a call that needs a session: the context hook refused it without one. */
export interface ActorContext extends RequestContext {
  actor: Actor;
}

/** Narrows a context to a signed-in one (for code reached from both public and member calls). */
export function hasActor(ctx: RequestContext): ctx is ActorContext {
  return ctx.actor !== null;
}

/**
 * The first path segment as the router sees it: percent-decoded (the router matches decoded
 * paths, so `/%5F%5Fadmin/x` reaches `/__admin/x`). Null when the path does not decode.
 */
export function firstSegment(url: string): string | null {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const end = path.indexOf('/', 1);
  const raw = end === -1 ? path.slice(1) : path.slice(1, end);
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** True for a URL whose first segment names the internal admin prefix, however it is written. */
export function namesAdminPrefix(url: string): boolean {
  const first = firstSegment(url);
  return first === null || first.toLowerCase() === ADMIN_PREFIX.slice(1);
}

/**
 * Area by the first path segment, decided once on the decoded path after the admin
 * path was rewritten; the rewrite sends every other spelling of the internal prefix nowhere.
 */
export function areaOf(url: string): Area {
  const first = firstSegment(url);
  if (first === ADMIN_PREFIX.slice(1)) return 'admin';
  return first === 'other' ? 'other' : 'user';
}

/** The token the client sent: the Authorization header, plain or `Bearer x`. */
export function tokenOf(req: FastifyRequest): string {
  const header = req.headers.authorization;
  if (!header) return '';
  const value = header.startsWith('Bearer ') ? header.slice(7) : header;
  return value.trim();
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
  interface FastifyContextConfig {
    /** Which session the call needs; absent = public. */
    auth?: Area;
    /** Staff permission the call needs (admin/other area). */
    permission?: StaffPermission;
    /** The call's body schema (zod), kept so tests can walk every call's fields. */
    input?: unknown;
  }
}

declare module 'http' {
  interface IncomingMessage {
    /** The sub-site path the URL rewrite took off the front of the URL (app.ts, decision 0009). */
    kapuSitePath?: string;
  }
}
