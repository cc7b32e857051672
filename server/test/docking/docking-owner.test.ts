import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../helper.js';
import { seedSite } from '../sites/sites-fixture.js';
import { FakeKayixinUpstream } from '../fakes/kayixin-upstream.js';
import { dockingShop } from './docking-helper.js';

describe.each(dialects())('a site owner docks their own site (/vip/docking) on %s', (dialect) => {
  let t: TestApp;
  let up: FakeKayixinUpstream;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    up = await new FakeKayixinUpstream().start();
    up.addGoods({ goodsId: 5, price: 700 });
  });
  afterAll(async () => {
    await up?.stop();
    await t?.dispose();
  });

  it('needs a version with the open API; connections are the site own, untrusted, never the platform ones', async () => {
    const d = await dockingShop(t);
    const platformConn = await d.ok('saveConnection', {
      name: '平台上游',
      protocol: 'kapu',
      baseUrl: up.url,
      appId: up.appId,
      secret: up.secret,
    });
    const owner = await d.member('0');
    const siteId = await seedSite(t, { ownerId: owner.id, path: 'dockowner' });
    const vip = (path: string, body: Record<string, unknown> = {}) =>
      t.post(`/vip/docking/${path}`, body, owner.token).then((r) => r.json);

    expect((await vip('connections')).code).toBe(8301);
    const site = await t.deps.db
      .selectFrom('sites')
      .select('version_id')
      .where('id', '=', siteId)
      .executeTakeFirstOrThrow();
    await t.deps.db.updateTable('site_versions').set({ open_api: 1 }).where('id', '=', site.version_id!).execute();

    expect((await vip('connections')).data).toEqual([]);
    const saved = await vip('saveConnection', {
      name: '我的上游',
      protocol: 'kapu',
      baseUrl: up.url,
      appId: up.appId,
      secret: up.secret,
    });
    expect(saved.code, saved.msg).toBe(1000);
    const row = await t.deps.db
      .selectFrom('docking_connections')
      .selectAll()
      .where('id', '=', saved.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ site_id: siteId, trusted: 0 });
    // Loopback is a private address: an owner's connection may not call it (OUTBOUND_HOSTS=public here).
    const test = await vip('testConnection', { id: saved.data.id });
    expect(test.code).toBe(8302);
    expect(test.msg).toContain('内网');
    // The platform's connection is not theirs; theirs is not the platform's.
    expect((await vip('testConnection', { id: platformConn.id })).code).toBe(8300);
    expect((await d.call('testConnection', { id: saved.data.id })).code).toBe(8300);
    expect((await d.ok('connections')).map((c: { id: number }) => c.id)).not.toContain(saved.data.id);
    // Importing is the site's own (decision 0018): it reaches the upstream through the owner's
    // connection, so the same address rule refuses it here (site-owned-goods.test.ts imports for real).
    const imported = await vip('import', {
      connectionId: saved.data.id,
      refs: '5',
      dirId: d.dirId,
      markupKind: 'percent',
      markupPercent: 10,
    });
    expect(imported.code).toBe(8302);
    expect(imported.msg).toContain('内网');
    // Nor through the platform's connection.
    expect(
      (await vip('import', { connectionId: platformConn.id, refs: '5', dirId: d.dirId, markupKind: 'percent' })).code,
    ).toBe(8300);
    // A member without a site.
    const other = await d.member('0');
    expect((await t.post('/vip/docking/connections', {}, other.token)).json.code).toBe(6007);
  });
});
