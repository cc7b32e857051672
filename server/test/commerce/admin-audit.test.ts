import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../helper.js';
import { shop } from './commerce-helper.js';

describe.each(dialects())('catalog, stock and order admin writes are audited on %s', (dialect) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof shop>>;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    s = await shop(t);
  });
  afterAll(() => t.dispose());

  it('records who changed goods, stock and status, without card secrets', async () => {
    const goodsId = await s.goods({ price: '3.00' });
    await s.cards(goodsId, 3, 'AUDIT-SECRET');
    await t.post(`${s.A}/catalog/setGoodsStatus`, { ids: [goodsId], status: 'paused' }, s.admin);
    const log = await t.post(`${s.A}/audit/list`, { page: 1, pageSize: 50 }, s.admin);
    const items = log.json.data.list as Array<{
      action: string;
      target: string;
      staffName: string;
      after: Record<string, unknown>;
    }>;
    const byAction = (a: string) => items.find((i) => i.action === a);
    expect(byAction('goods.save')).toMatchObject({ target: `goods:${goodsId}`, staffName: 'admin' });
    expect(byAction('cards.import')).toMatchObject({ target: `cards:${goodsId}`, after: { goodsId, lines: 3 } });
    expect(byAction('goods.setStatus')).toMatchObject({ target: `goods:${goodsId}`, after: { status: 'paused' } });
    expect(byAction('dirs.save')).toBeDefined();
    expect(JSON.stringify(items)).not.toContain('AUDIT-SECRET');
  });

  it('does not record a write that failed', async () => {
    const before = await t.deps.db.selectFrom('audit_logs').select('id').execute();
    expect((await t.post(`${s.A}/catalog/deleteDir`, { id: 999999 }, s.admin)).json.code).not.toBe(1000);
    const after = await t.deps.db.selectFrom('audit_logs').select('id').execute();
    expect(after).toHaveLength(before.length);
  });
});
