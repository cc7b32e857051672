import { Codes } from '@kapu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shop } from '../commerce/commerce-helper.js';
import { buildSecondInstance, buildTestApp, dialects, registerMember, type TestApp } from '../helper.js';
import { seedSite } from './seed-site.js';

// A real 1×1 PNG: uploads are sniffed from their bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const HOSTILE =
  '<p>欢迎<strong>光临</strong></p><img src=x onerror="alert(1)"><script>alert(2)</script>' +
  '<a href="javascript:alert(3)" onclick="alert(4)">链接</a><iframe src="https://evil.example"></iframe>';

const OWNER_CALLS = ['get', 'saveDraft', 'publish', 'versions', 'revert'] as const;

describe.each(dialects())('site decoration on %s', (dialect) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof shop>>;
  let a: { token: string; id: number };
  let b: { token: string; id: number };
  let goods: number[];
  let imageA = '';
  let versionA = 0;

  async function upload(token: string, url = '/inside/uploadFile'): Promise<string> {
    const boundary = '----kapu-decor';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.png"\r\nContent-Type: image/png\r\n\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload: Buffer.concat([Buffer.from(head), PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: token },
    });
    expect(res.json().code).toBe(1000);
    return res.json().data.url as string;
  }

  const layout = (over: { notice?: string; image?: string; html?: string } = {}) =>
    JSON.stringify([
      { type: 'banner', key: 'b1', slides: [{ image: over.image ?? imageA, link: '/inside/goodsdir', title: '首图' }] },
      { type: 'notice', key: 'n1', text: over.notice ?? '全场自动发货', link: 'https://example.com/help' },
      { type: 'goods', key: 'g1', title: '精选', source: 'chosen', goodsIds: [goods[1], goods[0]] },
      { type: 'richText', key: 'r1', html: over.html ?? HOSTILE },
      { type: 'footer', key: 'f1', text: '© 小店', links: [{ label: '查单', url: '/chadan' }] },
    ]);

  const vip = (call: string, body: Record<string, unknown>, token: string) =>
    t.post(`/vip/decorate/${call}`, body, token);

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    s = await shop(t);
    goods = [await s.goods(), await s.goods(), await s.goods()];
    a = await s.member();
    b = await s.member();
    versionA = (await seedSite(t.deps.db, { ownerId: a.id, path: 'shopa' })).versionId;
    await seedSite(t.deps.db, { ownerId: b.id, path: 'shopb' });
    imageA = await upload(a.token);
  });
  afterAll(() => t.dispose());

  it('the owner saves a draft: rich text is sanitised, nothing is live until published', async () => {
    const empty = await vip('get', { path: 'shopa' }, a.token);
    expect(empty.json.code).toBe(1000);
    expect(empty.json.data).toMatchObject({
      site: { path: 'shopa' },
      draft: { blocks: [], revision: 0 },
      live: null,
      unpublished: false,
    });

    const saved = await vip('saveDraft', { path: 'shopa', blocks: layout(), revision: 0 }, a.token);
    expect(saved.json).toMatchObject({ code: 1000, data: { revision: 1, number: null } });

    const got = (await vip('get', { path: 'shopa' }, a.token)).json.data;
    expect(got.unpublished).toBe(true);
    expect(got.draft.blocks.map((x: { type: string }) => x.type)).toEqual([
      'banner',
      'notice',
      'goods',
      'richText',
      'footer',
    ]);
    const html = got.draft.blocks[3].html as string;
    expect(html).toContain('<strong>光临</strong>');
    for (const bad of ['<script', 'onerror', 'onclick', 'javascript:', '<iframe', 'alert(2)'])
      expect(html.toLowerCase()).not.toContain(bad);
    // Nothing published yet: the owner's storefront and the platform's stay as they were.
    expect((await t.post('/site/layout')).json.data).toBeNull();
    expect((await vip('versions', {}, a.token)).json.data).toMatchObject({ list: [], total: 0 });
  });

  it('publishes numbered versions, reverts by publishing an earlier one again or loading it into the draft', async () => {
    const first = await vip('publish', { blocks: layout(), revision: 1 }, a.token);
    expect(first.json.data).toEqual({ revision: 2, number: 1 });
    const second = await vip('publish', { blocks: layout({ notice: '第二版' }), revision: 2 }, a.token);
    expect(second.json.data).toEqual({ revision: 3, number: 2 });
    const live2 = (await vip('get', {}, a.token)).json.data;
    expect(live2).toMatchObject({ live: { number: 2 }, unpublished: false, draft: { revision: 3 } });
    expect(live2.draft.blocks[1].text).toBe('第二版');

    const reverted = await vip('revert', { number: 1 }, a.token);
    expect(reverted.json.data).toEqual({ revision: 4, number: 3 });
    const now = (await vip('get', {}, a.token)).json.data;
    expect(now).toMatchObject({ live: { number: 3 }, unpublished: false });
    expect(now.draft.blocks[1].text).toBe('全场自动发货');

    const loaded = await vip('revert', { number: 2, publish: 0 }, a.token);
    expect(loaded.json.data).toEqual({ revision: 5, number: null });
    const draft = (await vip('get', {}, a.token)).json.data;
    expect(draft).toMatchObject({ live: { number: 3 }, unpublished: true });
    expect(draft.draft.blocks[1].text).toBe('第二版');

    const versions = (await vip('versions', { path: 'shopa' }, a.token)).json.data;
    expect(versions.total).toBe(3);
    expect(
      versions.list.map((v: { number: number; live: boolean; revertedFrom: number | null; blockCount: number }) => [
        v.number,
        v.live,
        v.revertedFrom,
        v.blockCount,
      ]),
    ).toEqual([
      [3, true, 1, 5],
      [2, false, null, 5],
      [1, false, null, 5],
    ]);
    expect((await vip('revert', { number: 99 }, a.token)).json.code).toBe(Codes.DECOR_VERSION_NOT_FOUND.code);
  });

  it('the storefront shows a published layout only while the site’s version includes decoration', async () => {
    const live = () => t.post('/shopa/site/layout').then((r) => r.json.data);
    expect(await live()).toMatchObject({ number: 3 });
    const level = await t.deps.db.selectFrom('member_levels').select('id').orderBy('id').executeTakeFirstOrThrow();
    const saveVersion = (decoration: string) =>
      t.post(
        `${s.A}/sites/versions/save`,
        { id: String(versionA), name: '专业版', priceMonth: '10', levelId: String(level.id), decoration },
        s.admin,
      );
    expect((await saveVersion('0')).json.code).toBe(1000);
    expect(await live()).toBeNull(); // kept, not shown
    expect((await vip('get', {}, a.token)).json.code).toBe(Codes.DECOR_NOT_IN_VERSION.code);
    expect((await saveVersion('1')).json.code).toBe(1000);
    expect(await live()).toMatchObject({ number: 3 });
  });

  it('a save over a newer draft (another tab) is refused and changes nothing', async () => {
    const before = (await vip('get', {}, a.token)).json.data;
    const stale = await vip('saveDraft', { blocks: layout({ notice: '旧标签页' }), revision: 1 }, a.token);
    expect(stale.json.code).toBe(Codes.CONFLICT.code);
    const stalePublish = await vip('publish', { blocks: layout({ notice: '旧标签页' }), revision: 1 }, a.token);
    expect(stalePublish.json.code).toBe(Codes.CONFLICT.code);
    const after = (await vip('get', {}, a.token)).json.data;
    expect(after).toEqual(before);
  });

  it('two publishes of one draft at once: one wins, the other is told the draft moved; numbers stay unique', async () => {
    const { revision } = (await vip('get', {}, a.token)).json.data.draft;
    const body = (notice: string) => ({ blocks: layout({ notice }), revision });
    const answers = await Promise.all([
      vip('publish', body('并发一'), a.token),
      vip('publish', body('并发二'), a.token),
    ]);
    expect(answers.map((r) => r.json.code).sort()).toEqual([1000, Codes.CONFLICT.code]);
    const versions = (await vip('versions', {}, a.token)).json.data;
    expect(versions.total).toBe(4);
    expect(versions.list[0]).toMatchObject({ number: 4, live: true });
  });

  it('access: only the owner, on their own site, with a version that has decoration, not suspended', async () => {
    const noSite = await registerMember(t);
    const plain = await s.member();
    await seedSite(t.deps.db, { ownerId: plain.id, path: 'plainshop', decoration: false });
    const paused = await s.member();
    await seedSite(t.deps.db, { ownerId: paused.id, path: 'pausedshop', status: 'suspended' });
    const bodyOf = (call: (typeof OWNER_CALLS)[number], path?: string) =>
      call === 'saveDraft' || call === 'publish'
        ? { path, blocks: '[]' }
        : call === 'revert'
          ? { path, number: 1 }
          : { path };
    const matrix: Array<[string, string | undefined, string | undefined, number]> = [
      ['anonymous', undefined, 'shopa', Codes.USER_SESSION_ENDED.code],
      ['member without a site', noSite.token, undefined, Codes.DECOR_NO_SITE.code],
      ['member without a site, on A’s path', noSite.token, 'shopa', Codes.DECOR_NOT_OWNER.code],
      ['owner B on A’s path', b.token, 'shopa', Codes.DECOR_NOT_OWNER.code],
      ['owner A on B’s path', a.token, 'SHOPB', Codes.DECOR_NOT_OWNER.code],
      ['version without decoration', plain.token, 'plainshop', Codes.DECOR_NOT_IN_VERSION.code],
      ['suspended site', paused.token, 'pausedshop', Codes.DECOR_SITE_UNAVAILABLE.code],
    ];
    const got: string[] = [];
    for (const [who, token, path, code] of matrix)
      for (const call of OWNER_CALLS) {
        const res = await t.post(`/vip/decorate/${call}`, bodyOf(call, path), token);
        if (res.json.code !== code) got.push(`${who} ${call}: ${res.json.code} (want ${code})`);
      }
    expect(got).toEqual([]);
    // B's site is untouched by all of that, and A's path is matched without regard to case.
    expect((await vip('get', { path: 'shopb' }, b.token)).json.data).toMatchObject({
      draft: { blocks: [], revision: 0 },
      live: null,
    });
    expect((await vip('versions', { path: 'ShopA' }, a.token)).json.data.total).toBe(4);
    // Staff calls are not for members, member calls not for staff.
    expect((await t.post(`${s.A}/decorate/get`, {}, a.token)).json.code).toBe(Codes.ADMIN_SESSION_ENDED.code);
    expect((await vip('get', {}, s.admin)).json.code).toBe(Codes.USER_SESSION_ENDED.code);
  });

  it('pictures must be the owner’s own uploads; bad links and bad shapes are refused with nothing written', async () => {
    const imageB = await upload(b.token);
    const before = (await vip('get', {}, a.token)).json.data;
    const foreign = await vip('saveDraft', { blocks: layout({ image: imageB }) }, a.token);
    expect(foreign.json.code).toBe(Codes.DECOR_IMAGE_INVALID.code);
    const missing = await vip(
      'saveDraft',
      { blocks: layout({ image: '/uploads/2026/01/NoSuchFile1234.png' }) },
      a.token,
    );
    expect(missing.json.code).toBe(Codes.DECOR_IMAGE_INVALID.code);
    const outside = await vip('saveDraft', { blocks: layout({ image: 'https://evil.example/a.png' }) }, a.token);
    expect(outside.json).toMatchObject({ code: Codes.BAD_INPUT.code, msg: '图片须为本站上传的图片' });
    const js = await vip(
      'publish',
      { blocks: JSON.stringify([{ type: 'notice', key: 'n', text: '点我', link: 'javascript:alert(1)' }]) },
      a.token,
    );
    expect(js.json.code).toBe(Codes.BAD_INPUT.code);
    expect(js.json.msg).toContain('http:// 或 https://');
    for (const blocks of ['not json', '{"type":"notice"}', '[{"type":"script","key":"x"}]', '[null]'])
      expect((await vip('saveDraft', { blocks }, a.token)).json.code, blocks).toBe(Codes.BAD_INPUT.code);
    expect((await vip('saveDraft', {}, a.token)).json.code).toBe(Codes.BAD_INPUT.code);
    expect((await vip('get', {}, a.token)).json.data).toEqual(before);
  });

  it('keeps the last 20 published versions; the newest is live', async () => {
    let revision = (await vip('get', {}, b.token)).json.data.draft.revision as number;
    const blocks = (n: number) => JSON.stringify([{ type: 'notice', key: 'n', text: `第 ${n} 版` }]);
    for (let n = 1; n <= 22; n++) {
      const res = await vip('publish', { blocks: blocks(n), revision }, b.token);
      expect(res.json.data.number).toBe(n);
      revision = res.json.data.revision;
    }
    const list = (await vip('versions', { pageSize: 50 }, b.token)).json.data;
    expect(list.total).toBe(20);
    expect(list.list[0]).toMatchObject({ number: 22, live: true });
    expect(list.list.at(-1).number).toBe(3);
    expect((await vip('revert', { number: 2 }, b.token)).json.code).toBe(Codes.DECOR_VERSION_NOT_FOUND.code);
    // A's history is its own.
    expect((await vip('versions', {}, a.token)).json.data.total).toBe(4);
  });

  it('staff decorate the platform (audited); the storefront reads its published layout', async () => {
    expect((await t.post('/site/layout')).json.data).toBeNull();
    const staffImage = await upload(s.admin, `${s.A}/uploadFile`);
    // A member's upload is not the platform's picture.
    const foreign = await t.post(`${s.A}/decorate/saveDraft`, { blocks: layout({ image: imageA }) }, s.admin);
    expect(foreign.json.code).toBe(Codes.DECOR_IMAGE_INVALID.code);

    const published = await t.post(`${s.A}/decorate/publish`, { blocks: layout({ image: staffImage }) }, s.admin);
    expect(published.json).toMatchObject({ code: 1000, data: { number: 1 } });
    const page = (await t.post('/site/layout')).json.data;
    expect(page.number).toBe(1);
    expect(page.blocks[0].slides[0].image).toBe(staffImage);
    expect(page.blocks[3].html).not.toMatch(/script|onerror|javascript:/i);

    // Publishing again is seen at once (the cache follows), and a revert too.
    await t.post(`${s.A}/decorate/publish`, { blocks: layout({ image: staffImage, notice: '平台第二版' }) }, s.admin);
    expect((await t.post('/site/layout')).json.data.blocks[1].text).toBe('平台第二版');
    const reverted = await t.post(`${s.A}/decorate/revert`, { number: 1 }, s.admin);
    expect(reverted.json.data.number).toBe(3);
    expect((await t.post('/site/layout')).json.data).toMatchObject({ number: 3 });
    expect((await t.post(`${s.A}/decorate/versions`, {}, s.admin)).json.data.total).toBe(3);
    expect((await t.post(`${s.A}/decorate/get`, {}, s.admin)).json.data).toMatchObject({
      site: { id: 1 },
      live: { number: 3, publishedBy: '管理员 admin' },
    });

    const audit = await t.deps.db
      .selectFrom('audit_logs')
      .select(['action', 'target'])
      .where('action', 'like', 'decoration.%')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'decoration.publish', target: 'site:1' },
      { action: 'decoration.publish', target: 'site:1' },
      { action: 'decoration.revert', target: 'site:1' },
    ]);
    // Owners' pages are not the platform's: A's published versions never reached /site/layout.
    expect(page.blocks[1].text).toBe('全场自动发货');
  });

  it('the storefront goods list takes the chosen goods of a goods block', async () => {
    const res = await t.post('/inside/goods/getList', { ids: [goods[2], goods[0]] });
    expect(res.json.code).toBe(1000);
    expect(res.json.data.list.map((g: { id: number }) => g.id).sort()).toEqual([goods[0], goods[2]].sort());
    expect((await t.post('/inside/goods/getList', { ids: 'x' })).json.code).toBe(Codes.BAD_INPUT.code);
  });

  it.runIf(dialect === 'postgres')('a publish on one instance reaches the layout cache of another', async () => {
    const other = await buildSecondInstance(t);
    try {
      const before = (await other.post('/site/layout')).json.data;
      expect(before.number).toBe(3);
      await t.post(`${s.A}/decorate/revert`, { number: 2 }, s.admin);
      // Without Redis the other instance follows the stamp on its next poll (every 2 s); run it now.
      await other.deps.caches.poll();
      expect((await other.post('/site/layout')).json.data).toMatchObject({ number: 4 });
    } finally {
      await other.close();
    }
  });
});
