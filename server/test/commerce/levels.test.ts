import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, registerMember, type TestApp } from '../helper.js';
import { shop } from './commerce-helper.js';

describe.each(dialects())('member levels on %s', (dialect) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof shop>>;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    s = await shop(t);
  });
  afterAll(() => t.dispose());

  const levels = async () =>
    (await t.post(`${s.A}/catalog/levels`, {}, s.admin)).json.data as Array<{
      id: number;
      name: string;
      sort: number;
      isDefault: boolean;
    }>;

  it('creates, renames and reorders levels; one default at a time; every write audited', async () => {
    const created = await t.post(`${s.A}/catalog/saveLevel`, { name: '钻石会员', sort: 9 }, s.admin);
    expect(created.json.code).toBe(1000);
    const id = created.json.data.id as number;
    expect((await t.post(`${s.A}/catalog/saveLevel`, { name: '钻石会员', sort: 1 }, s.admin)).json.code).toBe(3027);
    expect(
      (await t.post(`${s.A}/catalog/saveLevel`, { id, name: '钻石会员 Plus', sort: 8, isDefault: 1 }, s.admin)).json
        .code,
    ).toBe(1000);
    const list = await levels();
    expect(list.filter((l) => l.isDefault).map((l) => l.name)).toEqual(['钻石会员 Plus']);
    // New members start on the default level.
    const m = await registerMember(t);
    expect((await t.post('/inside/inter/getAccount', {}, m.token)).json.data.levelName).toBe('钻石会员 Plus');
    const audit = await t.deps.db
      .selectFrom('audit_logs')
      .select('action')
      .where('target', '=', `level:${id}`)
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['levels.create', 'levels.update']);
  });

  it('refuses to delete the default level or one that members are on; deletes an unused one with its prices', async () => {
    const list = await levels();
    const def = list.find((l) => l.isDefault)!;
    expect((await t.post(`${s.A}/catalog/deleteLevel`, { id: def.id }, s.admin)).json.code).toBe(3028);
    // Move the default back; members stay on the level they have, so it cannot go.
    const ordinary = list.find((l) => l.name === '普通会员')!;
    await t.post(`${s.A}/catalog/saveLevel`, { id: ordinary.id, name: '普通会员', sort: 1, isDefault: 1 }, s.admin);
    expect((await t.post(`${s.A}/catalog/deleteLevel`, { id: def.id }, s.admin)).json.code).toBe(3026);

    const unused = (await t.post(`${s.A}/catalog/saveLevel`, { name: '临时等级', sort: 5 }, s.admin)).json.data
      .id as number;
    const goodsId = await s.goods({ levelPrices: JSON.stringify([{ levelId: unused, price: '8.00' }]) });
    expect(
      await t.deps.db.selectFrom('goods_prices').select('id').where('level_id', '=', unused).execute(),
    ).toHaveLength(1);
    expect((await t.post(`${s.A}/catalog/deleteLevel`, { id: unused }, s.admin)).json.code).toBe(1000);
    expect((await levels()).some((l) => l.id === unused)).toBe(false);
    expect(
      await t.deps.db.selectFrom('goods_prices').select('id').where('level_id', '=', unused).execute(),
    ).toHaveLength(0);
    expect((await t.post('/inside/goods/getDetail', { goodsId })).json.code).toBe(1000);
  });

  it('validates input in Chinese and keeps levels to staff with catalog.edit', async () => {
    const bad = await t.post(`${s.A}/catalog/saveLevel`, { name: '', sort: -1 }, s.admin);
    expect(bad.json.code).toBe(1001);
    expect(bad.json.msg).toMatch(/[\u4e00-\u9fa5]/);
    expect((await t.post(`${s.A}/catalog/deleteLevel`, { id: 999999 }, s.admin)).json.code).toBe(3025);
    expect((await t.post(`${s.A}/catalog/saveLevel`, { name: '匿名等级' })).json.code).toBe(-1);
  });
});
