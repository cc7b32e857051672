import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, member, SALE_PWD, type Member } from '../funds/funds-helper.js';
import { buildTestApp, dialects, type TestApp } from '../helper.js';
import { balanceOf, shop } from './commerce-helper.js';
import { seedSite } from '../sites/sites-fixture.js';

interface Offer {
  id: number;
  name: string;
  state: string;
  cost: number | null;
  price: number | null;
  exampleSaving: number;
  description: string;
}

/** Issue 12: members buy and upgrade levels from their balance; staff set a member's level. */
describe.each(dialects())('level sales on %s', (dialect) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof shop>>;
  /** The seeded levels: 普通会员 (default, sort 1), 高级会员 (sort 2), VIP会员 (sort 3). */
  const L = { ordinary: 0, senior: 0, vip: 0 };
  let goodsId: number;

  const levelOf = async (userId: number) =>
    Number(
      (await t.deps.db.selectFrom('users').select('level_id').where('id', '=', userId).executeTakeFirstOrThrow())
        .level_id,
    );
  const ledgerOf = (userId: number) =>
    t.deps.db.selectFrom('ledger_entries').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const eventsOf = async (userId: number) =>
    (
      await t.deps.db
        .selectFrom('domain_events')
        .select('payload')
        .where('type', '=', 'account.levelChanged')
        .orderBy('id')
        .execute()
    )
      .map((e) => JSON.parse(e.payload) as { userId: number; by: string; paid: number; toLevelName: string })
      .filter((p) => p.userId === userId);
  const auditOf = (target: string) =>
    t.deps.db.selectFrom('audit_logs').selectAll().where('target', '=', target).orderBy('id').execute();
  const myLevels = async (m: Member) => {
    const res = await t.post('/inside/level/getList', {}, m.token);
    expect(res.json.code).toBe(1000);
    return res.json.data as {
      forSale: boolean;
      current: { id: number; name: string };
      levels: Offer[];
      examples: Array<{ id: number; name: string; prices: Array<{ levelId: number; price: number }> }>;
    };
  };
  const buy = (m: Member, levelId: number, extra: Record<string, unknown> = {}) =>
    call(t, '/inside/level/buy', { levelId, ...extra }, m.token);
  const priceSeenBy = async (m: Member) =>
    (await t.post('/inside/goods/getDetail', { goodsId }, m.token)).json.data.price as number;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    s = await shop(t);
    const levels = (await t.post(`${s.A}/catalog/levels`, {}, s.admin)).json.data as Array<{
      id: number;
      name: string;
    }>;
    L.ordinary = levels.find((l) => l.name === '普通会员')!.id;
    L.senior = levels.find((l) => l.name === '高级会员')!.id;
    L.vip = levels.find((l) => l.name === 'VIP会员')!.id;
    const save = async (id: number, name: string, sort: number, extra: Record<string, unknown>) => {
      const res = await t.post(`${s.A}/catalog/saveLevel`, { id, name, sort, ...extra }, s.admin);
      expect(res.json.code, res.json.msg).toBe(1000);
    };
    await save(L.ordinary, '普通会员', 1, { isDefault: 1 });
    await save(L.senior, '高级会员', 2, { price: '30', buyable: 1, description: '全场商品 95 折\n专属客服' });
    await save(L.vip, 'VIP会员', 3, { price: '88.00', buyable: 1, description: '全场商品 9 折' });
    goodsId = await s.goods({
      price: '100',
      levelPrices: JSON.stringify([
        { levelId: L.senior, price: '95' },
        { levelId: L.vip, price: '90' },
      ]),
    });
  });
  afterAll(() => t.dispose());

  it('the admin level editor keeps price, sale flag and benefits, and validates them in Chinese', async () => {
    const levels = (await t.post(`${s.A}/catalog/levels`, {}, s.admin)).json.data as Array<Record<string, unknown>>;
    expect(levels.find((l) => l.id === L.senior)).toMatchObject({
      price: 3000,
      buyable: true,
      description: '全场商品 95 折\n专属客服',
    });
    expect(levels.find((l) => l.id === L.ordinary)).toMatchObject({ price: null, buyable: false, description: '' });
    const noPrice = await t.post(`${s.A}/catalog/saveLevel`, { name: '无价等级', sort: 9, buyable: 1 }, s.admin);
    expect(noPrice.json.code).toBe(1001);
    expect(noPrice.json.msg).toBe('开放购买的等级须填写大于 0 的购买价格');
    for (const bad of [
      { price: '-1' },
      { price: '1.234' },
      { description: '<script>alert(1)</script>' },
      { description: 'x'.repeat(501) },
    ]) {
      const res = await t.post(`${s.A}/catalog/saveLevel`, { name: '坏等级', sort: 9, ...bad }, s.admin);
      expect(res.json.code, JSON.stringify(bad)).toBe(1001);
      expect(res.json.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('lists the levels with what each costs this member and the example goods at each level', async () => {
    const m = await member(t, 0);
    const mine = await myLevels(m);
    expect(mine.forSale).toBe(true);
    expect(mine.current).toEqual({ id: L.ordinary, name: '普通会员' });
    const by = (id: number) => mine.levels.find((l) => l.id === id)!;
    expect(by(L.ordinary)).toMatchObject({ state: 'current', cost: null, price: null, exampleSaving: 0 });
    expect(by(L.senior)).toMatchObject({
      state: 'buyable',
      cost: 3000,
      price: 3000,
      description: '全场商品 95 折\n专属客服',
    });
    expect(by(L.vip)).toMatchObject({ state: 'buyable', cost: 8800 });
    const example = mine.examples.find((g) => g.id === goodsId)!;
    expect(example.prices).toEqual([
      { levelId: L.ordinary, price: 10000 },
      { levelId: L.senior, price: 9500 },
      { levelId: L.vip, price: 9000 },
    ]);
    // One of each example goods: what the level saves against the member's own level.
    expect(by(L.vip).exampleSaving).toBe(
      mine.examples.reduce(
        (sum, g) =>
          sum +
          g.prices.find((p) => p.levelId === L.ordinary)!.price -
          g.prices.find((p) => p.levelId === L.vip)!.price,
        0,
      ),
    );
    expect(by(L.vip).exampleSaving).toBeGreaterThanOrEqual(1000);
  });

  it('buys a level from the balance: ledger row, audit, event, and the new prices at once', async () => {
    const m = await member(t, 20000);
    expect(await priceSeenBy(m)).toBe(10000); // read (and cached) at the old level
    const res = await buy(m, L.senior, { expectedCost: 3000 });
    expect(res.code, res.msg).toBe(1000);
    expect(res.data).toEqual({ levelId: L.senior, levelName: '高级会员', paid: 3000 });
    expect(await levelOf(m.id)).toBe(L.senior);
    expect(await balanceOf(t, m.id)).toEqual({ balance: 17000, ledgerSum: 17000 });
    const ledger = await ledgerOf(m.id);
    expect(ledger.at(-1)).toMatchObject({
      type: 'level_buy',
      amount: -3000,
      ref_type: 'level',
      ref_id: String(L.senior),
    });
    expect(ledger.at(-1)!.memo).toBe('购买会员等级「高级会员」');
    expect(await priceSeenBy(m)).toBe(9500);
    expect((await t.post('/inside/inter/getAccount', {}, m.token)).json.data.levelName).toBe('高级会员');
    const audit = await auditOf(`user:${m.id}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'levels.buy', staff_id: 0, staff_name: `会员 ${m.loginName}` });
    expect(JSON.parse(audit[0]!.before_json!)).toEqual({ levelId: L.ordinary, levelName: '普通会员' });
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({ levelId: L.senior, levelName: '高级会员', paid: 3000 });
    expect(await eventsOf(m.id)).toEqual([
      expect.objectContaining({ by: 'purchase', paid: 3000, toLevelName: '高级会员', fromLevelId: L.ordinary }),
    ]);
    const ledgerPage = await t.post('/inside/funds/getLedger', { type: 'level_buy' }, m.token);
    expect(ledgerPage.json.data.list[0]).toMatchObject({ typeText: '购买会员等级', amount: -3000 });

    // Upgrade: the difference to the current level's price.
    const mine = await myLevels(m);
    const at = (g: (typeof mine.examples)[number], levelId: number) =>
      g.prices.find((p) => p.levelId === levelId)!.price;
    expect(mine.levels.find((l) => l.id === L.vip)).toMatchObject({
      state: 'buyable',
      cost: 5800,
      exampleSaving: mine.examples.reduce((sum, g) => sum + at(g, L.senior) - at(g, L.vip), 0),
    });
    expect(mine.examples.some((g) => g.id === goodsId && at(g, L.senior) - at(g, L.vip) === 500)).toBe(true);
    expect(mine.levels.find((l) => l.id === L.ordinary)).toMatchObject({ state: 'lower', cost: null });
    const up = await buy(m, L.vip, { expectedCost: 5800 });
    expect(up.code, up.msg).toBe(1000);
    expect(up.data.paid).toBe(5800);
    expect(await balanceOf(t, m.id)).toEqual({ balance: 11200, ledgerSum: 11200 });
    expect((await ledgerOf(m.id)).at(-1)!.memo).toBe('从「高级会员」升级到「VIP会员」');
    expect(await priceSeenBy(m)).toBe(9000);
  });

  it('refuses the same, a lower, an unsold or an unknown level, and a price that changed; nothing moves', async () => {
    const m = await member(t, 20000);
    expect((await buy(m, L.senior)).code).toBe(1000);
    const before = await balanceOf(t, m.id);
    expect((await buy(m, L.senior)).code).toBe(3042);
    const lower = await buy(m, L.ordinary);
    expect(lower.code).toBe(3041);
    expect(lower.msg).toBe('只能购买比当前等级更高的等级');
    expect((await buy(m, 999_999)).code).toBe(3025);
    const changed = await buy(m, L.vip, { expectedCost: 8800 });
    expect(changed.code).toBe(3044);
    expect(changed.msg).toContain('58.00 元');
    const extra = (await t.post(`${s.A}/catalog/saveLevel`, { name: '钻石会员', sort: 9, price: '500' }, s.admin)).json
      .data.id as number;
    expect((await buy(m, extra)).code).toBe(3040);
    expect(await levelOf(m.id)).toBe(L.senior);
    expect(await balanceOf(t, m.id)).toEqual(before);
    expect(await auditOf(`user:${m.id}`)).toHaveLength(1);
    expect(await eventsOf(m.id)).toHaveLength(1);
    expect((await t.post(`${s.A}/catalog/deleteLevel`, { id: extra }, s.admin)).json.code).toBe(1000);
  });

  it('a short balance refuses and leaves level, balance, ledger, audit and events as they were', async () => {
    const m = await member(t, 2999);
    const res = await buy(m, L.senior);
    expect(res.code).toBe(5001);
    expect(await levelOf(m.id)).toBe(L.ordinary);
    expect(await balanceOf(t, m.id)).toEqual({ balance: 2999, ledgerSum: 2999 });
    expect(await ledgerOf(m.id)).toHaveLength(1);
    expect(await auditOf(`user:${m.id}`)).toHaveLength(0);
    expect(await eventsOf(m.id)).toHaveLength(0);
  });

  it('concurrent buys (a double click, or two levels at once) charge once', async () => {
    const m = await member(t, 50000);
    const same = await Promise.all(Array.from({ length: 4 }, () => buy(m, L.senior)));
    expect(same.filter((r) => r.code === 1000)).toHaveLength(1);
    expect(same.filter((r) => r.code !== 1000).every((r) => [3042, 3043].includes(r.code))).toBe(true);
    expect(await balanceOf(t, m.id)).toEqual({ balance: 47000, ledgerSum: 47000 });

    // Each purchase is priced from the level it moves from: whichever order they commit in (one
    // may lose, or senior then VIP may both pass as a purchase and an upgrade), the member pays
    // exactly the price of the level they end on, and VIP is bought at most once.
    const n = await member(t, 50000);
    const both = await Promise.all([buy(n, L.senior), buy(n, L.vip), buy(n, L.vip)]);
    const won = both.filter((r) => r.code === 1000);
    expect(both.filter((r) => r.code === 1000 && r.data.levelId === L.vip).length).toBeLessThanOrEqual(1);
    const final = await levelOf(n.id);
    const finalPrice = final === L.vip ? 8800 : 3000;
    expect(won.reduce((sum, r) => sum + (r.data.paid as number), 0)).toBe(finalPrice);
    expect(await balanceOf(t, n.id)).toEqual({ balance: 50000 - finalPrice, ledgerSum: 50000 - finalPrice });
    expect((await ledgerOf(n.id)).filter((e) => e.type === 'level_buy')).toHaveLength(won.length);
    expect(await eventsOf(n.id)).toHaveLength(won.length);
  });

  it('asks for the sale password when the member protects balance payments with it', async () => {
    const m = await member(t, 20000, { salePwd: true });
    const missing = await buy(m, L.senior);
    expect(missing.code).not.toBe(1000);
    expect(missing.msg).toMatch(/交易密码/);
    const wrong = await buy(m, L.senior, { salePwd: '000000' });
    expect(wrong.code).not.toBe(1000);
    expect(await levelOf(m.id)).toBe(L.ordinary);
    expect(await balanceOf(t, m.id)).toEqual({ balance: 20000, ledgerSum: 20000 });
    expect((await buy(m, L.senior, { salePwd: SALE_PWD })).code).toBe(1000);
    expect(await levelOf(m.id)).toBe(L.senior);

    // Protecting only transfers leaves level purchases (balance payments) free of it.
    const n = await member(t, 20000, { salePwd: true, saleOps: ['transfer'] });
    expect((await buy(n, L.senior)).code).toBe(1000);
  });

  it('a sub-site sells no levels: its prices are its owner’s (decision 0009)', async () => {
    const owner = await member(t, 0);
    const path = `lv-${dialect}`;
    await seedSite(t, { ownerId: owner.id, path });
    const m = await member(t, 20000);
    const mine = await t.post(`/${path}/inside/level/getList`, {}, m.token);
    expect(mine.json.data).toMatchObject({ forSale: false, levels: [], examples: [], current: { id: L.ordinary } });
    expect(mine.json.data.notice).toContain('站长');
    expect((await t.post(`/${path}/inside/level/buy`, { levelId: L.senior }, m.token)).json.code).toBe(3045);
    expect(await levelOf(m.id)).toBe(L.ordinary);
    expect(await balanceOf(t, m.id)).toEqual({ balance: 20000, ledgerSum: 20000 });
  });

  it('needs a member session and a valid level id', async () => {
    expect((await t.post('/inside/level/getList', {})).json.code).toBe(-2);
    expect((await t.post('/inside/level/buy', { levelId: L.senior })).json.code).toBe(-2);
    expect((await t.post('/inside/level/buy', { levelId: L.senior }, s.admin)).json.code).toBe(-2);
    const m = await member(t, 0);
    for (const bad of ['', 'abc', '0', '-3', '1.5']) {
      const res = await buy(m, bad as unknown as number);
      expect(res.code, bad).toBe(1001);
      expect(res.msg).toMatch(/会员等级/);
    }
    expect((await buy(m, L.senior, { expectedCost: '-1' })).code).toBe(1001);
  });

  it('staff set a member’s level: audited with before and after, the same event, no money', async () => {
    const m = await member(t, 1000);
    const options = (await t.post(`${s.A}/members/levelOptions`, {}, s.admin)).json.data as Array<{ id: number }>;
    expect(options.map((o) => o.id)).toEqual([L.ordinary, L.senior, L.vip]);
    const set = await t.post(`${s.A}/members/setLevel`, { id: m.id, levelId: L.vip }, s.admin);
    expect(set.json.code, set.json.msg).toBe(1000);
    expect(set.json.data).toEqual({ levelId: L.vip, levelName: 'VIP会员' });
    expect(await levelOf(m.id)).toBe(L.vip);
    expect(await balanceOf(t, m.id)).toEqual({ balance: 1000, ledgerSum: 1000 });
    expect(await eventsOf(m.id)).toEqual([expect.objectContaining({ by: 'staff', paid: 0, toLevelName: 'VIP会员' })]);
    const audit = await auditOf(`user:${m.id}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'members.setLevel', staff_name: 'admin' });
    expect(JSON.parse(audit[0]!.before_json!)).toEqual({ levelId: L.ordinary, levelName: '普通会员' });
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({ levelId: L.vip, levelName: 'VIP会员' });
    const listed = await t.post(`${s.A}/audit/list`, { action: 'members.setLevel', target: `user:${m.id}` }, s.admin);
    expect(listed.json.data.list[0]).toMatchObject({ actionText: '设置会员等级' });

    // The member list shows and filters by level; the detail too.
    const list = await t.post(`${s.A}/members/list`, { keyword: m.loginName, levelId: L.vip }, s.admin);
    expect(list.json.data.list).toEqual([expect.objectContaining({ id: m.id, levelId: L.vip, levelName: 'VIP会员' })]);
    expect(
      (await t.post(`${s.A}/members/list`, { keyword: m.loginName, levelId: L.senior }, s.admin)).json.data.total,
    ).toBe(0);
    expect((await t.post(`${s.A}/members/detail`, { id: m.id }, s.admin)).json.data.levelName).toBe('VIP会员');

    // Down again by staff (staff may lower a level; members may not).
    expect((await t.post(`${s.A}/members/setLevel`, { id: m.id, levelId: L.ordinary }, s.admin)).json.code).toBe(1000);
    expect(await levelOf(m.id)).toBe(L.ordinary);
    expect(await eventsOf(m.id)).toHaveLength(2);
    expect(await auditOf(`user:${m.id}`)).toHaveLength(2);
  });

  it('setting a level: bad input, unknown member or level, and staff without members.edit are refused', async () => {
    const m = await member(t, 0);
    expect((await t.post(`${s.A}/members/setLevel`, { id: m.id, levelId: 'x' }, s.admin)).json.code).toBe(1001);
    expect((await t.post(`${s.A}/members/setLevel`, { id: m.id }, s.admin)).json.msg).toBe('请选择会员等级');
    expect((await t.post(`${s.A}/members/setLevel`, { id: m.id, levelId: 999_999 }, s.admin)).json.code).toBe(3025);
    expect((await t.post(`${s.A}/members/setLevel`, { id: 999_999, levelId: L.vip }, s.admin)).json.code).toBe(1003);
    expect((await t.post(`${s.A}/members/setLevel`, { id: m.id, levelId: L.vip }, m.token)).json.code).toBe(-1);

    const role = await t.post(`${s.A}/roles/save`, { name: '只读客服', permissions: ['members.view'] }, s.admin);
    await t.post(
      `${s.A}/staff/save`,
      { username: 'levelview1', password: 'lv-pass-123', roleId: role.json.data.id },
      s.admin,
    );
    const viewer = (await t.post(`${s.A}/auth/login`, { username: 'levelview1', password: 'lv-pass-123' })).json.data
      .authCode as string;
    expect((await t.post(`${s.A}/members/levelOptions`, {}, viewer)).json.code).toBe(1000);
    expect((await t.post(`${s.A}/members/setLevel`, { id: m.id, levelId: L.vip }, viewer)).json.code).toBe(403);
    expect(await levelOf(m.id)).toBe(L.ordinary);
    expect(await auditOf(`user:${m.id}`)).toHaveLength(0);
  });
  // Last: it adds a level above VIP that stays.
  it('a higher level priced under the current one upgrades for free: no debit, no sale password, still audited', async () => {
    const top = (
      await t.post(`${s.A}/catalog/saveLevel`, { name: '至尊会员', sort: 10, price: '10', buyable: 1 }, s.admin)
    ).json.data.id as number;
    const m = await member(t, 500, { salePwd: true });
    expect((await t.post(`${s.A}/members/setLevel`, { id: m.id, levelId: L.vip }, s.admin)).json.code).toBe(1000);
    expect((await myLevels(m)).levels.find((l) => l.id === top)).toMatchObject({ state: 'buyable', cost: 0 });
    const res = await buy(m, top, { expectedCost: 0 });
    expect(res.code, res.msg).toBe(1000);
    expect(res.data).toEqual({ levelId: top, levelName: '至尊会员', paid: 0 });
    expect(await levelOf(m.id)).toBe(top);
    expect(await balanceOf(t, m.id)).toEqual({ balance: 500, ledgerSum: 500 });
    expect((await ledgerOf(m.id)).filter((e) => e.type === 'level_buy')).toHaveLength(0);
    expect((await eventsOf(m.id)).at(-1)).toMatchObject({ by: 'purchase', paid: 0, toLevelName: '至尊会员' });
    expect((await auditOf(`user:${m.id}`)).map((a) => a.action)).toEqual(['members.setLevel', 'levels.buy']);
  });
});
