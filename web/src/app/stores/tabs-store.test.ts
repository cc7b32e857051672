import { describe, expect, it } from 'vitest';
import { tabsStorageKey, useTabsStore } from './tabs-store';

describe('opened tabs', () => {
  it('start empty, open/close/reorder, saved to localStorage and restored', () => {
    const store = useTabsStore.getState();
    store.load('t1');
    expect(useTabsStore.getState().byShell.t1).toEqual([]);
    store.open('t1', { key: '/inside/myOrder', title: '我的订单', icon: 'order' });
    store.open('t1', { key: '/inside/cdk', title: '我的兑换码', icon: 'gift' });
    store.open('t1', { key: '/inside/express', title: '我的物流', icon: 'car' });
    store.open('t1', { key: '/inside/cdk', title: '我的兑换码', icon: 'gift' }); // no duplicate
    store.move('t1', '/inside/express', '/inside/myOrder');
    expect(useTabsStore.getState().byShell.t1.map((t) => t.key)).toEqual([
      '/inside/express',
      '/inside/myOrder',
      '/inside/cdk',
    ]);
    store.close('t1', '/inside/myOrder');
    const saved: unknown = JSON.parse(localStorage.getItem(tabsStorageKey('t1')) ?? '[]');
    expect(saved).toEqual([
      { key: '/inside/express', title: '我的物流', icon: 'car' },
      { key: '/inside/cdk', title: '我的兑换码', icon: 'gift' },
    ]);
    useTabsStore.setState({ byShell: {} });
    useTabsStore.getState().load('t1');
    expect(useTabsStore.getState().byShell.t1.map((t) => t.title)).toEqual(['我的物流', '我的兑换码']);
  });
});
