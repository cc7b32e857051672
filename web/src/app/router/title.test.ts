import { describe, expect, it } from 'vitest';
import { writeSiteTitle } from '../storage/local';
import { afterNavigation } from './after-navigation';
import { joinTitle, setTabTitle, setUnreadForTitle, tabTitleOf } from './title';

describe('page title', () => {
  it('joins the route title and the stored site title', () => {
    writeSiteTitle('卡铺');
    expect(localStorage.getItem('siteTitle')).toBe('卡铺');
    expect(joinTitle('我的订单')).toBe('我的订单 - 卡铺');
  });

  it('is just the route title when no site title is stored (empty suffix)', () => {
    expect(joinTitle('订单查询')).toBe('订单查询');
  });

  it('is the site title alone for pages with an empty title (payment returns)', () => {
    expect(joinTitle('', '卡铺')).toBe('卡铺');
  });
});

describe('tab title', () => {
  it('prefixes (N条消息) when the count is not zero', () => {
    expect(tabTitleOf('会员中心 - 卡铺', 3)).toBe('(3条消息)会员中心 - 卡铺');
    expect(tabTitleOf('会员中心', -1)).toBe('(-1条消息)会员中心');
  });

  it('leaves the title alone at zero, and setTabTitle writes document.title', () => {
    expect(tabTitleOf('会员中心', 0)).toBe('会员中心');
    setTabTitle('站内信', 12);
    expect(document.title).toBe('(12条消息)站内信');
    setTabTitle('站内信', 0);
    expect(document.title).toBe('站内信');
  });

  it('follows the unread count without a navigation, and keeps it across navigations', () => {
    document.title = '我的订单';
    setUnreadForTitle(2);
    expect(document.title).toBe('(2条消息)我的订单');
    setUnreadForTitle(5);
    expect(document.title).toBe('(5条消息)我的订单');
    afterNavigation(
      { pathname: '/inside/message', search: '', hash: '', params: {}, meta: { title: '站内信' } as never },
      () => undefined,
    );
    expect(document.title).toBe('(5条消息)站内信');
    setUnreadForTitle(0);
    expect(document.title).toBe('站内信');
  });
});
