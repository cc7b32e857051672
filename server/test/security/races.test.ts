import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildSecondInstance,
  buildTestApp,
  dialects,
  registerMember,
  someLoopbackIp,
  type TestApp,
} from '../helper.js';

/** Issue 10, finding 9: first-time and limited writes sent in parallel (two instances on PostgreSQL). */
describe.each(dialects())('parallel writes on %s', (dialect) => {
  let t: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    b = dialect === 'postgres' ? await buildSecondInstance(t) : t;
  });
  afterAll(async () => {
    if (b !== t) await b.dispose();
    await t.dispose();
  });

  it('parallel first doOpenApi calls: one key, one secret, no fault', async () => {
    const m = await registerMember(t);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? b : t).post('/inside/inter/doOpenApi', { ipAllowlist: '' }, m.token, someLoopbackIp()),
      ),
    );
    expect(answers.map((a) => a.status).every((s) => s === 200)).toBe(true);
    expect(answers.map((a) => a.json.code).every((c) => c === 1000)).toBe(true);
    expect(answers.filter((a) => a.json.data.appSecret).length).toBe(1);
    expect(new Set(answers.map((a) => a.json.data.appId)).size).toBe(1);
    const keys = await t.deps.db.selectFrom('open_api_keys').select('app_id').execute();
    expect(keys.filter((k) => k.app_id === answers[0].json.data.appId)).toHaveLength(1);
  });

  it('parallel payee saves stop at the limit of 10', async () => {
    const m = await registerMember(t);
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        (i % 2 ? b : t).post(
          '/inside/payInfo/save',
          { kind: 'alipay', realName: '张三', account: `138${String(10000000 + i)}` },
          m.token,
          someLoopbackIp(),
        ),
      ),
    );
    const codes = answers.map((a) => a.json.code);
    expect(codes.filter((c) => c === 1000)).toHaveLength(10);
    expect(codes.filter((c) => c === 5014)).toHaveLength(15);
    const rows = await t.deps.db
      .selectFrom('payee_accounts')
      .select('payee_accounts.id')
      .innerJoin('users', 'users.id', 'payee_accounts.user_id')
      .where('users.login_name', '=', m.loginName)
      .execute();
    expect(rows).toHaveLength(10);
  });
});
