import { describe, expect, it, vi } from 'vitest';
import { setLoginLogFlag, writeSiteTitle } from '../storage/local';
import { afterNavigation } from './after-navigation';
import { onRouteChange, type RouteChange } from './route-events';
import { routes } from './routes';

const myOrder = routes.find((r) => r.path === '/inside/myOrder') ?? null;
const change = (over: Partial<RouteChange> = {}): RouteChange => ({
  pathname: '/inside/myOrder',
  search: '',
  hash: '',
  params: {},
  meta: myOrder,
  ...over,
});

describe('after each navigation', () => {
  it('sets the title with the site title suffix and scrolls to the top', () => {
    writeSiteTitle('卡铺');
    afterNavigation(change(), vi.fn());
    expect(document.title).toBe('我的订单 - 卡铺');
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('with the login-log flag: clears it, then runs the login notice once', () => {
    const notice = vi.fn();
    setLoginLogFlag();
    afterNavigation(change(), notice);
    expect(localStorage.getItem('loginLog')).toBeNull();
    expect(notice).toHaveBeenCalledTimes(1);
    afterNavigation(change(), notice);
    expect(notice).toHaveBeenCalledTimes(1);
  });

  it('without the flag: no notice', () => {
    const notice = vi.fn();
    afterNavigation(change(), notice);
    expect(notice).not.toHaveBeenCalled();
  });

  it('forwards the change to route-change listeners', () => {
    const listener = vi.fn();
    const off = onRouteChange(listener);
    afterNavigation(change({ search: '?page=2' }), vi.fn());
    expect(listener).toHaveBeenCalledWith(
      expect.objectContaining({ pathname: '/inside/myOrder', search: '?page=2', meta: myOrder }),
    );
    off();
    afterNavigation(change(), vi.fn());
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
