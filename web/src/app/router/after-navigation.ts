import NProgress from 'nprogress';
import type { DataRouter } from 'react-router';
import { showLoginNotice } from '../login-notice';
import { takeLoginLogFlag } from '../storage/local';
import { emitRouteChange, type RouteChange } from './route-events';
import type { RouteMeta } from './routes';
import { currentUnreadForTitle, joinTitle, tabTitleOf } from './title';

NProgress.configure({ showSpinner: false });

/**
 * Spec §2 "after each navigation": page title = route title + site title (with the unread
 * prefix, spec §4 tab title), scroll to top,
 * login-log flag → cleared then the login notice, and the change forwarded to listeners.
 */
export function afterNavigation(change: RouteChange, runLoginNotice: () => unknown = showLoginNotice): void {
  document.title = tabTitleOf(joinTitle(change.meta?.title ?? ''), currentUnreadForTitle());
  window.scrollTo(0, 0);
  if (takeLoginLogFlag()) void runLoginNotice();
  emitRouteChange(change);
}

function deepestMeta(router: DataRouter): RouteMeta | null {
  const matches = router.state.matches;
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle: unknown = matches[i].route.handle;
    if (handle && typeof handle === 'object' && 'title' in handle) return handle as RouteMeta;
  }
  return null;
}

/** Wires the progress bar and afterNavigation to the router; returns the unsubscribe function. */
export function installNavigationHooks(router: DataRouter): () => void {
  let lastHandled = '';
  const settle = () => {
    const { location, matches } = router.state;
    const id = `${location.key}|${location.pathname}${location.search}`;
    if (id === lastHandled) return;
    lastHandled = id;
    afterNavigation({
      pathname: location.pathname,
      search: location.search,
      hash: location.hash,
      params: matches.length ? matches[matches.length - 1].params : {},
      meta: deepestMeta(router),
    });
  };
  if (!router.state.initialized) NProgress.start();
  else settle();
  return router.subscribe((state) => {
    if (state.navigation.state !== 'idle' || !state.initialized) {
      NProgress.start();
      return;
    }
    NProgress.done();
    settle();
  });
}
