import { useEffect } from 'react';
import { Outlet, useRouteError } from 'react-router';
import { pushLog } from '../stores/log-store';
import { siteUrl } from '../site-base';

/** The root only renders the current route. */
export function RootView() {
  return <Outlet />;
}

/** Shown while the first page's code and guards load (the progress bar is already running). */
export function RouteFallback() {
  return <div className="route-fallback" aria-busy="true" />;
}

/**
 * A render error or a failed chunk download (e.g. after a deploy): a plain page that needs
 * no further chunks, so it can always be shown.
 */
export function RouteErrorView() {
  const error = useRouteError();
  const text = error instanceof Error ? error.message : String(error);
  useEffect(() => pushLog('页面渲染异常', 'error', text), [text]);
  return (
    <main className="route-error">
      <h1>页面出错了</h1>
      <p>页面加载或显示时出现异常，请刷新重试；若问题持续，请联系客服。</p>
      <div className="route-error-actions">
        <button type="button" className="route-error-primary" onClick={() => window.location.reload()}>
          刷新页面
        </button>
        <a href={siteUrl('/')}>返回首页</a>
      </div>
    </main>
  );
}
