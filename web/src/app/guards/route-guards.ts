import { getCookie } from '../storage/cookies';
import { readAdminToken, readUserToken } from '../storage/local';
import { firstSegment } from '../router/navigation';
import type { RouteMeta } from '../router/routes';

/** What the guards look at, gathered once so the rules stay pure and testable. */
export interface GuardEnv {
  userToken: string | null;
  adminToken: string | null;
  tokenAdminCookie: string | undefined;
  verifyRole: string | undefined;
  roleIds: string | undefined;
}

export function currentGuardEnv(): GuardEnv {
  return {
    userToken: readUserToken(),
    adminToken: readAdminToken(),
    tokenAdminCookie: getCookie('token-admin'),
    verifyRole: getCookie('verifyRole'),
    roleIds: getCookie('roleIds'),
  };
}

export interface GuardTarget {
  pathname: string;
  search: string;
  hash?: string;
}

export const FORBIDDEN_ROUTE_MESSAGE = '您的角色没有访问该页面的权限，请联系超级管理员分配';

/** roleIds cookie 'a,b,c' → ['a','b','c'] (blank parts dropped). */
export function parseRoleIds(cookie: string | undefined): string[] {
  return (cookie ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
}

/**
 * Spec §6 role rule: the super admin (verifyRole = '0') sees everything; anyone else needs the
 * route's roleId in the roleIds cookie. A route without roleId has no role requirement.
 */
export function roleAllows(roleId: number | undefined, env: Pick<GuardEnv, 'verifyRole' | 'roleIds'>): boolean {
  if (env.verifyRole === '0' || roleId === undefined) return true;
  return parseRoleIds(env.roleIds).includes(String(roleId));
}

/** The login redirect: /login?redirect=<pathname + search + hash>. */
export function loginRedirect(target: GuardTarget): string {
  const full = `${target.pathname}${target.search}${target.hash ?? ''}`;
  return `/login?redirect=${encodeURIComponent(full)}`;
}

/**
 * Where a navigation must go instead, or null to let it through.
 * - login flag: no user token → /login?redirect=<full path>.
 * - auth flag: the token-admin cookie absent (the spec's stated intent) or no admin_token →
 *   /{first segment}/index; then the roleId rule → /403.
 */
export function guardRedirect(
  meta: Pick<RouteMeta, 'login' | 'auth' | 'roleId'>,
  target: GuardTarget,
  env: GuardEnv,
): string | null {
  if (meta.login && !env.userToken) return loginRedirect(target);
  if (meta.auth) {
    const hasCookie = env.tokenAdminCookie !== undefined && env.tokenAdminCookie !== '';
    if (!hasCookie || !env.adminToken) {
      const segment = firstSegment(target.pathname);
      return segment ? `/${segment}/index` : '/';
    }
    if (!roleAllows(meta.roleId, env)) return '/403';
  }
  return null;
}

/** A safe in-site redirect target from ?redirect= (never another origin). */
export function safeRedirect(value: string | null, fallback: string): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
