import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneNotifyLogs } from '../../src/modules/payments/notify-log.js';
import { adminLogin, buildTestApp, dialects, someLoopbackIp, type TestApp } from '../helper.js';

/** Issue 10, security finding 5: the payment notify log is bounded, always readable, rate-limited and pruned. */
describe.each(dialects())('payment notify log on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const A = () => `/${t.adminPath}`;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await adminLogin(t);
  });
  afterAll(async () => {
    await t.dispose();
  });

  const list = (body: Record<string, unknown> = {}) =>
    t.post(`${A()}/payments/notifyLogs`, { pageSize: 100, ...body }, admin);

  it('a 20 KB notify is stored as JSON that reads back, and the list answers', async () => {
    const huge = { out_trade_no: 'X'.repeat(20_000), note: '你好'.repeat(5000), sign: 'abc' };
    const res = await t.app.inject({
      method: 'POST',
      url: '/pay/notify/epay_v1/1',
      payload: JSON.stringify(huge),
      headers: { 'content-type': 'application/json' },
      remoteAddress: someLoopbackIp(),
    });
    expect(res.statusCode).toBeLessThan(500);
    const raw = await t.app.inject({
      method: 'POST',
      url: '/pay/notify/epay_v1/1',
      payload: `<xml>${'y'.repeat(30_000)}</xml>`,
      headers: { 'content-type': 'text/xml' },
      remoteAddress: someLoopbackIp(),
    });
    expect(raw.statusCode).toBeLessThan(500);
    const rows = await t.deps.db.selectFrom('notify_logs').select('params').orderBy('id', 'desc').limit(2).execute();
    for (const row of rows) {
      expect(row.params.length).toBeLessThan(16_000);
      expect(() => JSON.parse(row.params)).not.toThrow();
    }
    const answer = await list();
    expect(answer.status).toBe(200);
    expect(answer.json.code).toBe(1000);
    expect(JSON.stringify(answer.json.data.list)).toContain('已截断');
  });

  it('one unreadable row (cut mid-JSON by an older version) never breaks the list', async () => {
    await t.deps.db
      .insertInto('notify_logs')
      .values({
        gateway: 'epay_v1',
        account_id: 1,
        payment_no: null,
        method: 'POST',
        params: '{"out_trade_no":"abc","sign":"12',
        verdict: 'bad_sign',
        error: '',
        ip: '10.0.0.1',
        created_at: Date.now(),
      })
      .execute();
    const answer = await list();
    expect(answer.json.code).toBe(1000);
    const bad = answer.json.data.list.find((i: { params: { raw?: string } }) =>
      i.params?.raw?.startsWith('{"out_trade_no"'),
    );
    expect(bad).toBeDefined();
  });

  it('notifies are rate-limited per address with the gateways’ own failure answer', async () => {
    const ip = someLoopbackIp();
    const statuses: number[] = [];
    for (let i = 0; i < 605; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/pay/notify/epay_v1/1?out_trade_no=n${i}`,
        remoteAddress: ip,
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.body).toBe('fail');
        break;
      }
    }
    expect(statuses.filter((s) => s !== 429).length).toBe(600);
    expect(statuses.at(-1)).toBe(429);
    // Another address is not affected.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/pay/notify/epay_v1/1?out_trade_no=other',
          remoteAddress: someLoopbackIp(),
        })
      ).statusCode,
    ).not.toBe(429);
  }, 60_000);

  it('keeps what the retention settings say: days, then the newest rows', async () => {
    expect((await t.post(`${A()}/payments/saveNotifyLogSettings`, { days: 0, maxRows: 5000 }, admin)).json.code).toBe(
      1001,
    );
    const saved = await t.post(`${A()}/payments/saveNotifyLogSettings`, { days: 7, maxRows: 1000 }, admin);
    expect(saved.json.data).toEqual({ days: 7, maxRows: 1000 });
    expect((await t.post(`${A()}/payments/notifyLogSettings`, {}, admin)).json.data).toEqual({
      days: 7,
      maxRows: 1000,
    });
    const now = Date.now();
    await t.deps.db
      .insertInto('notify_logs')
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          gateway: 'epay_v1',
          account_id: 1,
          payment_no: `old${i}`,
          method: 'GET',
          params: '{}',
          verdict: 'bad_sign',
          error: '',
          ip: '10.0.0.2',
          created_at: now - 8 * 86_400_000,
        })),
      )
      .execute();
    const count = async () =>
      Number(
        (
          await t.deps.db
            .selectFrom('notify_logs')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect(before).toBeGreaterThan(600);
    await pruneNotifyLogs(t.deps.db, { days: 7, maxRows: 1000 }, now);
    expect(
      await t.deps.db.selectFrom('notify_logs').select('id').where('payment_no', 'like', 'old%').execute(),
    ).toHaveLength(0);
    expect(await count()).toBe(before - 5);
    // Over the row limit, the oldest go first.
    const newest = await t.deps.db
      .selectFrom('notify_logs')
      .select('id')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    await pruneNotifyLogs(t.deps.db, { days: 7, maxRows: 100 }, now);
    expect(await count()).toBe(100);
    expect(
      await t.deps.db.selectFrom('notify_logs').select('id').where('id', '=', newest.id).executeTakeFirst(),
    ).toBeDefined();
  });
});
