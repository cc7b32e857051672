import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESERVED_PATHS } from '@kapu/contract';
import { routes } from './routes';

const byPath = new Map(routes.map((r) => [r.path, r]));

/** Spec §2, route by route. */
const SPEC = {
  public: [
    '/',
    '/login',
    '/register',
    '/forget',
    '/announcement',
    '/viewAnnouncementInfo',
    '/service',
    '/chadan',
    '/chajia',
  ],
  certify: ['/certify/alipayFaceNotify', '/certify/alipayFaceResult', '/certify/alipayCodeNotify'],
  callbacks: ['/myQqNotify', '/qqReturn', '/myWeixinNotify', '/weixinReturn', '/mpQrcode', '/myMpNotify', '/mpReturn'],
  insideOpen: [
    '/inside/goodsdir',
    '/inside/adjustPrice',
    '/inside/goodsList',
    '/inside/buyGoods',
    '/inside/visitorOrder',
    '/inside/visitorOrderDetail',
    '/inside/visitorExpress',
  ],
  insideLogin: [
    '/inside/index',
    '/inside/selfLevel',
    '/inside/selfCreatVip',
    '/inside/myOrder',
    '/inside/showordermess',
    '/inside/express',
    '/inside/cardRepeal',
    '/inside/goodsLog',
    '/inside/accountmoney',
    '/inside/payInfo',
    '/inside/collectMoney',
    '/inside/transMoney',
    '/inside/inter/myaccount',
    '/inside/inter/inviteFriends',
    '/inside/inter/promotion',
    '/inside/myFavorites',
    '/inside/complain',
    '/inside/orderComplain',
    '/inside/cdk',
    '/inside/webhooks',
    '/inside/openapi',
  ],
  insideUnflagged: ['/inside/message', '/inside/shop', '/inside/orderContent', '/inside/verified'],
  payOpen: ['/pay/payonline', '/pay/payInterface'],
  payReturns: ['/pay/return_ali', '/pay/return_epay', '/pay/return_qpay', '/pay/return_fxpay'],
  vip: [
    '/vip/vipWebSite',
    '/vip/vipAnnouncement',
    '/vip/vipDirectory',
    '/vip/vipGoods',
    '/vip/vipOrder',
    '/vip/vipCustomer',
    '/vip/vipChild',
    '/vip/vipVersionMoney',
    '/vip/shop',
    '/vip/pagePath',
    '/vip/market',
    '/vip/desktop',
    '/vip/docking',
  ],
  supply: [
    '/supply/supplyGoods',
    '/supply/cardstockmanage',
    '/supply/order',
    '/supply/handOrder',
    '/supply/complain',
    '/supply/bookeddetail',
  ],
  cdk: ['/cdk/short/:short', '/cdk/recharge', '/cdk/order'],
  other: ['/other/service', '/:path/decorate/desktop', '/:adminPath/index', '/403', '/500', '*'],
};

describe('route data covers spec §2', () => {
  it('every page section is reserved from the admin path (the server adds its own routes)', () => {
    const reserved = new Set(RESERVED_PATHS.map((p) => p.toLowerCase()));
    const sections = routes.map((r) => r.path.split('/')[1] ?? '').filter((s) => s && !s.startsWith(':') && s !== '*');
    for (const s of sections) expect(reserved.has(s.toLowerCase()), s).toBe(true);
  });

  it('registers every spec route exactly once', () => {
    const all = Object.values(SPEC).flat();
    for (const path of all) expect(byPath.has(path), path).toBe(true);
    expect(new Set(routes.map((r) => r.path)).size).toBe(routes.length);
  });

  it('public, certify, callback, open inside, pay and cdk routes have no flags', () => {
    for (const path of [
      ...SPEC.public,
      ...SPEC.certify,
      ...SPEC.callbacks,
      ...SPEC.insideOpen,
      ...SPEC.payOpen,
      ...SPEC.payReturns,
      ...SPEC.cdk,
    ]) {
      expect(byPath.get(path)?.login, path).toBeFalsy();
      expect(byPath.get(path)?.auth, path).toBeFalsy();
    }
  });

  it('login-required routes carry the login flag (inside list, /pay/recharge, VIP, supply)', () => {
    for (const path of [...SPEC.insideLogin, '/pay/recharge', ...SPEC.vip, ...SPEC.supply])
      expect(byPath.get(path)?.login, path).toBe(true);
  });

  it('payment returns share one page with an empty title', async () => {
    const loaded = await Promise.all(SPEC.payReturns.map((p) => byPath.get(p)!.load()));
    for (const path of SPEC.payReturns) expect(byPath.get(path)?.title).toBe('');
    expect(new Set(loaded.map((m) => m.default)).size).toBe(1);
  });

  it('every other route has a Chinese title and a description', () => {
    for (const r of routes) {
      if (SPEC.payReturns.includes(r.path)) continue;
      expect(r.title, r.path).toMatch(/[\u4e00-\u9fa5]/);
      if (!['/403', '/500', '*'].includes(r.path)) expect(r.description.length, r.path).toBeGreaterThan(6);
    }
    expect(byPath.get('/inside/myOrder')?.title).toBe('我的订单');
    expect(byPath.get('/chadan')?.title).toBe('订单查询');
    expect(byPath.get('/chajia')?.title).toBe('价格查询');
    expect(byPath.get('/inside/accountmoney')?.title).toBe('资金明细');
    expect(byPath.get('/:path/decorate/desktop')?.title).toBe('站点装修');
  });

  it('admin screens have the auth flag, each frame a roleId; the admin login none', () => {
    const admin = routes.filter((r) => r.path.startsWith('/:adminPath/') && r.path !== '/:adminPath/index');
    expect(admin.map((r) => r.path).sort()).toEqual(
      [
        'announcements',
        'audit',
        'complaints',
        'certify',
        'dashboard',
        'decorate',
        'docking',
        'funds',
        'goods',
        'members',
        'messages',
        'orders',
        'payments',
        'promotion',
        'reconcile',
        'redeemCodes',
        'settings',
        'siteVersions',
        'sites',
        'staff',
        'suppliers',
        'supplyReviews',
        'withdrawals',
        'webhooks',
      ]
        .map((p) => `/:adminPath/${p}`)
        .sort(),
    );
    for (const r of admin) expect(r.auth, r.path).toBe(true);
    for (const r of admin.filter((a) => a.path !== '/:adminPath/dashboard'))
      expect(r.roleId, r.path).toBeTypeOf('number');
    // 提现审核 and 对账报表 are funds screens: they share the funds role.
    const fundsScreens = ['/:adminPath/withdrawals', '/:adminPath/reconcile'];
    for (const p of fundsScreens) expect(byPath.get(p)?.roleId, p).toBe(byPath.get('/:adminPath/funds')?.roleId);
    // 实名审核 is a members screen: it shares the members role.
    expect(byPath.get('/:adminPath/certify')?.roleId).toBe(byPath.get('/:adminPath/members')?.roleId);
    // 首页装修 is a settings screen (the platform's storefront): it shares the settings role.
    expect(byPath.get('/:adminPath/decorate')?.roleId).toBe(byPath.get('/:adminPath/settings')?.roleId);
    // 分站版本 is a sites screen: it shares the sites role.
    expect(byPath.get('/:adminPath/siteVersions')?.roleId).toBe(byPath.get('/:adminPath/sites')?.roleId);
    // 供货审核 is a suppliers screen: it shares the supply role.
    expect(byPath.get('/:adminPath/supplyReviews')?.roleId).toBe(byPath.get('/:adminPath/suppliers')?.roleId);
    // 消息通知 (broadcasts, robots, the bot, the delivery log) is a settings screen too.
    expect(byPath.get('/:adminPath/messages')?.roleId).toBe(byPath.get('/:adminPath/settings')?.roleId);
    const shared = [
      ...fundsScreens,
      '/:adminPath/certify',
      '/:adminPath/decorate',
      '/:adminPath/siteVersions',
      '/:adminPath/supplyReviews',
      '/:adminPath/messages',
    ];
    const own = admin.filter((r) => !shared.includes(r.path));
    expect(new Set(own.map((r) => r.roleId).filter(Boolean)).size).toBe(own.length - 1);
    expect(byPath.get('/:adminPath/index')?.auth).toBeFalsy();
  });

  it('every route module loads and exports a page component', async () => {
    for (const r of routes) {
      const mod = await r.load();
      expect(typeof mod.default, r.path).toBe('function');
    }
  }, 60_000);
});

describe('wording', () => {
  function files(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const full = join(dir, name);
      return statSync(full).isDirectory()
        ? files(full)
        : /\.(tsx?|css)$/.test(name) && !name.endsWith('.test.ts')
          ? [full]
          : [];
    });
  }
  it('no page says it is unfinished', () => {
    const banned = ['敬请期待', '暂未开放', 'coming soon', 'placeholder', 'TODO', 'stub'];
    const root = join(import.meta.dirname, '../..');
    for (const file of files(root)) {
      // `placeholder=` is the input prop (hint text) and the recharge field's hint (`.placeholder`,
      // `'placeholder'`); TanStack Query's `placeholderData` keeps the last page while paging.
      // Tiptap's Placeholder extension (the rich-text editor's empty hint) and the attribute it
      // sets are API names too. None is wording about the page.
      const text = readFileSync(file, 'utf8').replace(
        /[iI]sPlaceholderData|placeholderData|\.placeholder\b|'placeholder'|placeholder[=:?]|\{ Placeholder \}|Placeholder\.configure|attr\(data-placeholder\)/g,
        '',
      );
      for (const word of banned)
        expect(
          text.toLowerCase().includes(word.toLowerCase()) && !file.endsWith('routes.test.ts'),
          `${file}: ${word}`,
        ).toBe(false);
    }
  });
});
