import { existsSync, readdirSync } from 'node:fs';
import { RESERVED_PATHS, type Area } from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { firstSegment } from './context.js';

export interface RouteEntry {
  method: string;
  url: string;
  auth?: Area;
  permission?: string;
  /** Top-level body fields of a `defineCall` call, from its zod schema. */
  fields: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered (the probe tests walk it). */
    routeTable: readonly RouteEntry[];
    /** True when `/{segment}/…` is something the app serves, so it cannot be the admin path. */
    isReservedPath(segment: string): boolean;
  }
}

/** The keys of a zod object schema, looking through pipes and preprocessing. */
function fieldsOf(schema: unknown, depth = 0): string[] {
  if (!schema || typeof schema !== 'object' || depth > 5) return [];
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  if (shape && typeof shape === 'object') return Object.keys(shape);
  const def = (schema as { _zod?: { def?: { in?: unknown; out?: unknown; innerType?: unknown } } })._zod?.def;
  return def
    ? [
        ...new Set([
          ...fieldsOf(def.in, depth + 1),
          ...fieldsOf(def.out, depth + 1),
          ...fieldsOf(def.innerType, depth + 1),
        ]),
      ]
    : [];
}

/**
 * Records the route table as routes register, and from it the first path segments the app
 * serves: a new API prefix (such as `visitor`) is reserved from the admin path without anyone
 * listing it. Adds the built web app's top-level files and the web router's sections (the
 * contract's list, which a web test keeps equal to the router's table). Call before any route.
 */
export function trackRoutes(app: FastifyInstance, webDist: string): void {
  const table: RouteEntry[] = [];
  const segments = new Set<string>(RESERVED_PATHS.map((s) => s.toLowerCase()));
  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { auth?: Area; permission?: string; input?: unknown };
    const fields = fieldsOf(config.input);
    for (const method of [route.method].flat())
      table.push({ method, url: route.url, auth: config.auth, permission: config.permission, fields });
    const seg = firstSegment(route.url);
    if (seg && !seg.startsWith(':') && seg !== '*') segments.add(seg.toLowerCase());
  });
  if (existsSync(webDist)) for (const entry of readdirSync(webDist)) segments.add(entry.toLowerCase());
  app.decorate('routeTable', table);
  app.decorate('isReservedPath', (segment: string) => segments.has(segment.toLowerCase()));
}
