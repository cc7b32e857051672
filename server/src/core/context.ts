import type { Area } from '@kapu/contract';
import type { FastifyRequest } from 'fastify';

/** Internal prefix the admin path is rewritten to; never reachable from outside. */
export const ADMIN_PREFIX = '/__admin';

export interface Actor {
  area: Area;
  id: number;
  sessionId: number;
  /** login name (user) or username (staff), for logs and audit. */
  name: string;
}

export interface SiteRef {
  id: number;
  title: string;
}

/** Built once per request (STYLE habit 2); every service takes it first. */
export interface RequestContext {
  area: Area;
  site: SiteRef;
  actor: Actor | null;
  permissions: ReadonlySet<string>;
  ip: string;
  userAgent: string;
  /** Why the session was refused, when a token was sent but not accepted. */
  sessionProblem?: string;
}

/** Area by the first path segment, after the admin path was rewritten (spec §6). */
export function areaOf(url: string): Area {
  if (url === ADMIN_PREFIX || url.startsWith(`${ADMIN_PREFIX}/`)) return 'admin';
  const first = url.split('?')[0].split('/')[1] ?? '';
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
    permission?: string;
  }
}
