import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActorContext } from '../../src/core/context.js';
import { recordAudit } from '../../src/modules/audit/index.js';
import { adminLogin, buildTestApp, dialects, type TestApp } from '../helper.js';

/** The audit record rides the transaction of the change it describes: both or neither. */
describe.each(dialects())('audit inside the change’s transaction on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await adminLogin(t);
  });
  afterAll(() => t.dispose());

  const auditOf = (target: string) =>
    t.deps.db.selectFrom('audit_logs').select(['action', 'staff_name']).where('target', '=', target).execute();

  it('an audited write always has its row: create, update and delete a member level', async () => {
    const A = `/${t.adminPath}`;
    const created = await t.post(`${A}/catalog/saveLevel`, { name: '审计等级', sort: 7 }, admin);
    expect(created.json.code).toBe(1000);
    const id = created.json.data.id as number;
    await t.post(`${A}/catalog/saveLevel`, { id, name: '审计等级 2', sort: 7 }, admin);
    expect((await t.post(`${A}/catalog/deleteLevel`, { id }, admin)).json.code).toBe(1000);
    expect((await auditOf(`level:${id}`)).map((a) => a.action).sort()).toEqual([
      'levels.create',
      'levels.delete',
      'levels.update',
    ]);
  });

  it('a call declared with audit writes exactly one row with its change, and none when the change is refused', async () => {
    const A = `/${t.adminPath}`;
    const dir = await t.post(`${A}/catalog/saveDir`, { name: '审计目录' }, admin);
    const dirId = dir.json.data.id as number;
    expect((await auditOf(`dirs:${dirId}`)).map((a) => a.action)).toEqual(['dirs.save']);
    const goods = await t.post(
      `${A}/catalog/saveGoods`,
      { dirId, name: '审计商品', type: 'card', faceValue: '10', price: '9.50' },
      admin,
    );
    const goodsId = goods.json.data.id as number;
    expect((await t.post(`${A}/catalog/setGoodsStatus`, { ids: [goodsId], status: 'paused' }, admin)).json.code).toBe(
      1000,
    );
    expect((await auditOf(`goods:${goodsId}`)).map((a) => a.action).sort()).toEqual(['goods.save', 'goods.setStatus']);
    const missing = 987654;
    expect(
      (await t.post(`${A}/catalog/setGoodsStatus`, { ids: [goodsId, missing], status: 'on_sale' }, admin)).json.code,
    ).not.toBe(1000);
    expect(await auditOf(`goods:${goodsId},${missing}`)).toEqual([]);
  });

  it('a failed write leaves no audit row: the transaction that recorded it rolls back', async () => {
    const ctx = {
      area: 'admin',
      site: {
        id: 1,
        title: '',
        depth: 0,
        chain: [1],
        ownerId: null,
        path: null,
        status: 'active',
        rootLevelId: null,
        decorated: true,
      },
      actor: { area: 'admin', id: 1, sessionId: 0, name: 'tester' },
      permissions: new Set<string>(),
      ip: '127.0.0.1',
      userAgent: '',
    } satisfies ActorContext;
    const target = `level:rollback-${dialect}`;
    await expect(
      t.deps.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('member_levels')
          .values({ site_id: 1, name: '回滚', sort: 1, is_default: 0, created_at: 1 })
          .execute();
        await recordAudit(trx, ctx, 'levels.create', target, null, { name: '回滚' });
        throw new Error('the write fails after its audit was recorded');
      }),
    ).rejects.toThrow('the write fails');
    expect(await auditOf(target)).toEqual([]);
    expect(await t.deps.db.selectFrom('member_levels').select('id').where('name', '=', '回滚').execute()).toEqual([]);
  });
});
