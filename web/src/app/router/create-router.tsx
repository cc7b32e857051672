import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { currentGuardEnv, FORBIDDEN_ROUTE_MESSAGE, guardRedirect } from '../guards/route-guards';
import { writeForbiddenMessage } from '../storage/local';
import { ROUTER_BASE } from '../site-base';
import { RootView, RouteErrorView, RouteFallback } from './root-view';
import { routes, type RouteLayout, type RouteMeta } from './routes';

/** Runs the route guards (login, admin session, access list) before the page loads. */
function guardLoader(meta: RouteMeta) {
  if (!meta.login && !meta.auth) return undefined;
  return ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const to = guardRedirect(meta, { pathname: url.pathname, search: url.search, hash: url.hash }, currentGuardEnv());
    if (to === '/403') writeForbiddenMessage(FORBIDDEN_ROUTE_MESSAGE);
    if (to) throw redirect(to);
    return null;
  };
}

function toRouteObject(meta: RouteMeta): RouteObject {
  const lazy = async () => ({ Component: (await meta.load()).default });
  const loader = guardLoader(meta);
  if (meta.path === '/') return { index: true, handle: meta, loader, lazy };
  return { path: meta.path, handle: meta, loader, lazy };
}

/** The frames are lazy too, so `/` never downloads the back-office shell. */
const layoutRoutes: Record<Exclude<RouteLayout, 'bare'>, RouteObject['lazy']> = {
  store: async () => ({ Component: (await import('../layout/store-layout')).default }),
  member: async () => ({ Component: (await import('../layout/member-shell')).default }),
  admin: async () => ({ Component: (await import('../layout/admin-shell')).default }),
};

export function buildRouteTree(list: RouteMeta[] = routes): RouteObject[] {
  const children: RouteObject[] = [];
  for (const layout of ['store', 'member', 'admin'] as const) {
    children.push({
      id: `layout-${layout}`,
      lazy: layoutRoutes[layout],
      children: list.filter((r) => r.layout === layout).map(toRouteObject),
    });
  }
  children.push(...list.filter((r) => r.layout === 'bare').map(toRouteObject));
  return [{ path: '/', Component: RootView, ErrorBoundary: RouteErrorView, HydrateFallback: RouteFallback, children }];
}

/** On a sub-site opened by its path, every route lives under `/{path}` (app/site-base.ts). */
export function createAppRouter() {
  return createBrowserRouter(buildRouteTree(), { basename: ROUTER_BASE || '/' });
}
