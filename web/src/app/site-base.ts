import { RESERVED_PATHS } from '@kapu/contract';
import { readAdminPath } from './storage/local';

/** The shape of a sub-site path (decision 0009; the server's SITE_PATH_PATTERN). */
const SITE_PATH = /^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/;
const RESERVED = new Set(RESERVED_PATHS.map((s) => s.toLowerCase()));

function segments(pathname: string): string[] {
  return pathname.split('/').filter((s) => s !== '');
}

/**
 * The sub-site a page was opened on by its path: `/{path}` or '' (the platform, or a site reached by
 * its own host). A first segment that the app does not serve, shaped like a site path, followed by
 * nothing or by a segment it serves. `/{x}/index` is the admin entry, never a site.
 */
export function sitePathOf(pathname: string, adminPath = storedAdminPath()): string {
  const [first, second, third] = segments(pathname);
  if (!first || !SITE_PATH.test(first) || RESERVED.has(first)) return '';
  // The admin area (its screens may share names with the app's segments: /{admin}/decorate, /{admin}/cdk).
  if (adminPath && first.toLowerCase() === adminPath.toLowerCase()) return '';
  if (second === undefined) return `/${first}`;
  if (second === 'index') return '';
  if (second === 'decorate') return third === 'desktop' ? `/${first}` : '';
  return RESERVED.has(second.toLowerCase()) ? `/${first}` : '';
}

/** The admin path this browser signed in under (kept at admin login), '' when none. */
function storedAdminPath(): string {
  try {
    return typeof localStorage === 'undefined' ? '' : readAdminPath();
  } catch {
    return '';
  }
}

/** `/{path}/decorate/desktop` carries the path in the route itself: the router needs no basename there. */
export function isDecoratePage(pathname: string): boolean {
  const [, second, third] = segments(pathname);
  return second === 'decorate' && third === 'desktop';
}

const here = typeof window === 'undefined' ? '/' : window.location.pathname;

/** Where API calls go for this page: under the site's path on a path site. */
export const API_BASE = sitePathOf(here);

/** The router's basename: the site's path, except on the decoration page. */
export const ROUTER_BASE = isDecoratePage(here) ? '' : API_BASE;

/** A page URL of this site for full page loads (the router adds the basename itself). */
export function siteUrl(path: string): string {
  return `${API_BASE}${path}`;
}

/** A browser path as the router sees it (without this site's path in front). */
export function routerPath(pathname: string): string {
  return ROUTER_BASE && pathname.startsWith(ROUTER_BASE) ? pathname.slice(ROUTER_BASE.length) || '/' : pathname;
}
