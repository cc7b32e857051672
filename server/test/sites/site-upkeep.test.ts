import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSiteExpiry } from '../../src/modules/sites/index.js';
import { adminLogin, buildSecondInstance, buildTestApp, dialects, type TestApp } from '../helper.js';
import { admin, call, fakeDns, member, newPath, openSite, siteOf, version } from './sites-helper.js';

const DAY = 86_400_000;

describe.each(dialects())('sub-sites: expiry, domains, admin on %s', (dialect) => {
  let t: TestApp;
  let second: TestApp;
  let adminToken: string;
  let dns: Awaited<ReturnType<typeof fakeDns>>;
  const records = new Map<string, string[]>();
  beforeAll(async () => {
    dns = await fakeDns(records);
    t = await buildTestApp(dialect, { dnsServers: [dns.server] });
    second = await buildSecondInstance(t);
    adminToken = await adminLogin(t);
    const saved = await admin(t, adminToken, '/sites/settings/save', {
      platformDomains: 'kapu.test\nshop.example.cn',
      freezeDays: 7,
      graceDays: 3,
    });
    expect(saved.code, saved.msg).toBe(1000);
  });
  afterAll(async () => {
    await second.close();
    await t.close();
    await new Promise((r) => setTimeout(r, 300));
    await t.dispose();
    await dns.close();
  });

  async function expiringEvents(siteId: number) {
    const rows = await t.deps.db
      .selectFrom('domain_events')
      .select('payload')
      .where('type', '=', 'site.expiring')
      .execute();
    return rows.map((r) => JSON.parse(r.payload)).filter((p) => p.siteId === siteId);
  }

  it('reminds 7, 3 and 1 days before (once each, two instances at once), then expires after the grace days', async () => {
    const v = await version(t, adminToken);
    const m = await member(t, 10_000);
    expect((await openSite(t, m, v.id)).code).toBe(1000);
    const site = (await siteOf(t, m.id))!;
    const end = Number(site.expires_at);
    const both = (now: number) => Promise.all([runSiteExpiry(t.deps, now), runSiteExpiry(second.deps, now)]);

    await both(end - 8 * DAY);
    expect(await expiringEvents(site.id)).toEqual([]);
    await both(end - 6 * DAY);
    await both(end - 5 * DAY);
    expect((await expiringEvents(site.id)).map((e) => e.daysLeft)).toEqual([7]);
    await both(end - 2 * DAY);
    await both(end - DAY / 2);
    await both(end - DAY / 4);
    const events = await expiringEvents(site.id);
    expect(events.map((e) => e.daysLeft)).toEqual([7, 3, 1]);
    expect(events[0]).toMatchObject({ ownerId: m.id, expiresAt: end, title: site.title });

    // Within the grace days the site still serves.
    await both(end + 2 * DAY);
    expect((await siteOf(t, m.id))!.status).toBe('active');
    const [a, b] = await both(end + 3 * DAY + 1);
    expect(a.expired + b.expired).toBeGreaterThanOrEqual(1);
    expect((await siteOf(t, m.id))!.status).toBe('expired');
    await both(end + 4 * DAY);
    expect((await siteOf(t, m.id))!.status).toBe('expired');
    // The owner sees the closed state; data is kept; closing is not theirs to undo.
    expect((await call(t, '/vip/site/setOpen', { open: 1 }, m.token)).code).toBe(6075);
    expect((await call(t, '/vip/site/profile', {}, m.token)).data).toMatchObject({
      status: 'expired',
      title: site.title,
    });

    // A renewal reopens it and the reminders start again for the new period.
    expect((await call(t, '/inside/site/renew', { period: 'month' }, m.token)).code).toBe(1000);
    const renewed = (await siteOf(t, m.id))!;
    expect(renewed).toMatchObject({ status: 'active', reminded_days: null });
  });

  it('domains: a subdomain of a platform domain at once; an own domain after its TXT record is found', async () => {
    const v = await version(t, adminToken);
    const m = await member(t, 10_000);
    expect((await openSite(t, m, v.id)).code).toBe(1000);
    const label = newPath();
    const sub = await call(t, '/vip/site/addSubdomain', { label, platformDomain: 'kapu.test' }, m.token);
    expect(sub, sub.msg).toMatchObject({ code: 1000, data: { host: `${label}.kapu.test`, verified: true } });
    expect((await call(t, '/vip/site/addSubdomain', { label: 'www', platformDomain: 'kapu.test' }, m.token)).code).toBe(
      6054,
    );
    expect(
      (await call(t, '/vip/site/addSubdomain', { label: 'abc', platformDomain: 'other.test' }, m.token)).code,
    ).toBe(6067);
    expect((await call(t, '/vip/site/addDomain', { host: 'x.kapu.test' }, m.token)).code).toBe(6074);

    const host = `${newPath()}.example.org`;
    const own = await call(t, '/vip/site/addDomain', { host: `https://${host.toUpperCase()}/` }, m.token);
    expect(own, own.msg).toMatchObject({
      code: 1000,
      data: { host, kind: 'custom', verified: false, txtName: `_kapu.${host}`, cnameTarget: 'kapu.test' },
    });
    expect((await call(t, '/vip/site/checkDomain', { id: own.data.id }, m.token)).code).toBe(6069);
    records.set(`_kapu.${host}`, ['something-else', own.data.txtValue]);
    const checked = await call(t, '/vip/site/checkDomain', { id: own.data.id }, m.token);
    expect(checked, checked.msg).toMatchObject({ code: 1000, data: { verified: true } });
    const view = await call(t, '/vip/site/pathInfo', {}, m.token);
    expect(view.data).toMatchObject({
      subdomainAllowed: true,
      ownDomainAllowed: true,
      platformDomains: ['kapu.test', 'shop.example.cn'],
    });
    expect(view.data.domains).toHaveLength(2);
    expect((await call(t, '/vip/site/profile', {}, m.token)).data.addresses).toEqual(
      expect.arrayContaining([`${label}.kapu.test`, host]),
    );

    // Host names are unique across the platform.
    const other = await member(t, 10_000);
    expect((await openSite(t, other, v.id)).code).toBe(1000);
    expect((await call(t, '/vip/site/addDomain', { host }, other.token)).code).toBe(6064);
    expect((await call(t, '/vip/site/addSubdomain', { label, platformDomain: 'kapu.test' }, other.token)).code).toBe(
      6064,
    );
    // Owner B cannot check or remove owner A's domain; A can.
    expect((await call(t, '/vip/site/checkDomain', { id: own.data.id }, other.token)).code).toBe(6068);
    expect((await call(t, '/vip/site/removeDomain', { id: own.data.id }, other.token)).code).toBe(6068);
    expect((await call(t, '/vip/site/removeDomain', { id: own.data.id }, m.token)).code).toBe(1000);

    // A version without the features refuses them.
    const plain = await version(t, adminToken, { subdomain: 0, ownDomain: 0 });
    const third = await member(t, 10_000);
    expect((await openSite(t, third, plain.id)).code).toBe(1000);
    expect(
      (await call(t, '/vip/site/addSubdomain', { label: newPath(), platformDomain: 'kapu.test' }, third.token)).code,
    ).toBe(6066);
    expect((await call(t, '/vip/site/addDomain', { host: 'abc.example.net' }, third.token)).code).toBe(6065);
  });

  it('owners change only their own site; members without one are offered to open one', async () => {
    const v = await version(t, adminToken);
    const a = await member(t, 10_000);
    const b = await member(t, 10_000);
    expect((await openSite(t, a, v.id)).code).toBe(1000);
    expect((await openSite(t, b, v.id)).code).toBe(1000);
    const nobody = await member(t, 0);
    for (const url of ['/vip/site/profile', '/vip/site/pathInfo', '/vip/site/versionPrices'])
      expect((await call(t, url, {}, nobody.token)).code).toBe(6007);
    expect((await call(t, '/vip/site/saveProfile', { title: '别人的店' }, nobody.token)).code).toBe(6007);

    expect((await call(t, '/vip/site/saveProfile', { title: 'A 的新名字', qq: '12345' }, a.token)).code).toBe(1000);
    expect((await siteOf(t, b.id))!.title).toBe('测试分站');
    expect((await siteOf(t, a.id))!.title).toBe('A 的新名字');
    const siteB = (await siteOf(t, b.id))!;
    expect((await call(t, '/vip/site/savePath', { path: siteB.path }, a.token)).code).toBe(6055);
    const moved = newPath();
    expect((await call(t, '/vip/site/savePath', { path: moved }, a.token)).code).toBe(1000);
    expect((await siteOf(t, a.id))!.path).toBe(moved);

    // The owner closes and reopens their storefront.
    expect((await call(t, '/vip/site/setOpen', { open: 0, reason: '盘点中' }, a.token)).data).toMatchObject({
      status: 'closed',
      closedReason: '盘点中',
    });
    expect((await call(t, '/vip/site/setOpen', { open: 1 }, a.token)).data).toMatchObject({ status: 'active' });
  });

  it('admin: versions CRUD, sites list, suspend/resume audited, domain removal, settings', async () => {
    const v = await version(t, adminToken, { description: '适合起步' });
    const list = await admin(t, adminToken, '/sites/versions');
    expect(list.data.find((x: { id: number }) => x.id === v.id)).toMatchObject({
      description: '适合起步',
      prices: { month: 3_000 },
      features: { maxChildren: 5, subdomain: true },
      siteCount: 0,
    });
    expect((await admin(t, adminToken, '/sites/versions/save', { name: '无价版', levelId: v.levelId })).code).toBe(
      1001,
    );
    expect(
      (await admin(t, adminToken, '/sites/versions/save', { name: 'x', priceMonth: '1', levelId: 999999 })).code,
    ).toBe(3025);

    const m = await member(t, 10_000);
    expect((await openSite(t, m, v.id)).code).toBe(1000);
    const site = (await siteOf(t, m.id))!;
    expect((await admin(t, adminToken, '/sites/versions/delete', { id: v.id })).code).toBe(6071);
    const found = await admin(t, adminToken, '/sites/list', { keyword: m.loginName });
    expect(found.data).toMatchObject({
      total: 1,
      list: [{ id: site.id, status: 'active', owner: { loginName: m.loginName } }],
    });

    const suspended = await admin(t, adminToken, '/sites/suspend', { id: site.id, reason: '违规经营' });
    expect(suspended.code, suspended.msg).toBe(1000);
    expect((await siteOf(t, m.id))!).toMatchObject({ status: 'suspended', closed_reason: '违规经营' });
    // A suspended site cannot be renewed, upgraded, edited or reopened by its owner.
    expect((await call(t, '/inside/site/renew', { period: 'month' }, m.token)).code).toBe(6062);
    expect((await call(t, '/vip/site/saveProfile', { title: '改名' }, m.token)).code).toBe(6062);
    expect((await admin(t, adminToken, '/sites/suspend', { id: site.id })).code).toBe(1007);
    expect((await admin(t, adminToken, '/sites/resume', { id: site.id })).code).toBe(1000);
    expect((await siteOf(t, m.id))!.status).toBe('active');
    expect((await admin(t, adminToken, '/sites/suspend', { id: 1 })).code).toBe(1003);
    const audit = await t.deps.db
      .selectFrom('audit_logs')
      .select(['action', 'target'])
      .where('target', '=', `sites:${site.id}`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['sites.suspend', 'sites.resume']);

    const label = newPath();
    const sub = await call(t, '/vip/site/addSubdomain', { label, platformDomain: 'kapu.test' }, m.token);
    expect((await admin(t, adminToken, '/sites/removeDomain', { id: sub.data.id })).code).toBe(1000);
    expect((await call(t, '/vip/site/pathInfo', {}, m.token)).data.domains).toEqual([]);

    expect((await admin(t, adminToken, '/sites/settings')).data).toEqual({
      platformDomains: ['kapu.test', 'shop.example.cn'],
      freezeDays: 7,
      graceDays: 3,
    });
    expect(
      (
        await admin(t, adminToken, '/sites/settings/save', {
          platformDomains: 'not a host',
          freezeDays: 1,
          graceDays: 1,
        })
      ).code,
    ).toBe(1001);
    // The admin path may not take a site's path.
    expect((await admin(t, adminToken, '/settings/adminPath', { adminPath: site.path! })).code).toBe(1212);
    // Members see nothing of it.
    expect((await call(t, `/${t.adminPath}/sites/list`, {}, m.token)).code).toBe(-1);
  });
});
