import { AUDIT_ACTION_LABELS } from '@kapu/contract';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shop } from '../commerce/commerce-helper.js';
import { buildTestApp, dialects, type TestApp } from '../helper.js';

/** Every audit action the server writes, as found in its source. */
function actionsInSource(dir: string): Set<string> {
  const found = new Set<string>();
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) for (const a of actionsInSource(file)) found.add(a);
    else if (file.endsWith('.ts') && !file.endsWith('.test.ts')) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(
        /(?:recordAudit\([^,]+, [^,]+, |audit\(ctx, |action: |audit\()'([a-z]+\.[A-Za-z]+)'/g,
      ))
        found.add(m[1]);
      for (const m of text.matchAll(/'([a-z]+\.(?:create|update))'/g)) found.add(m[1]);
    }
  }
  return found;
}

/** Issue 10: the audit log speaks Chinese (actions, objects, operator) and shows staff logins. */
describe.each(dialects())('audit log labels on %s', (dialect) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof shop>>;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    s = await shop(t);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('every action the server records has a Chinese label', () => {
    const actions = actionsInSource(path.resolve(import.meta.dirname, '../../src'));
    expect(actions.size).toBeGreaterThan(30);
    const missing = [...actions].filter((a) => !AUDIT_ACTION_LABELS[a]);
    expect(missing).toEqual([]);
  });

  it('staff logins, failed ones too, are in the audit log; members appear by number and login name', async () => {
    expect((await t.post(`${s.A}/auth/login`, { username: 'admin', password: 'wrong-pass-1' })).json.code).not.toBe(
      1000,
    );
    const m = await s.member();
    await t.post(`${s.A}/funds/adjust`, { member: m.loginName, amount: '1', reason: '测试' }, s.admin);
    const list = await t.post(`${s.A}/audit/list`, { pageSize: 50 }, s.admin);
    const items = list.json.data.list as Array<{
      action: string;
      actionText: string;
      targetText: string;
      staffName: string;
      after: unknown;
    }>;
    expect(
      items.some((i) => i.action === 'staff.login' && i.actionText === '管理员登录' && i.staffName === 'admin'),
    ).toBe(true);
    const failed = items.find((i) => i.action === 'staff.loginFailed');
    expect(failed?.actionText).toBe('管理员登录失败');
    expect(JSON.stringify(failed)).not.toContain('wrong-pass-1');
    const adjust = items.find((i) => i.action === 'funds.adjust')!;
    expect(adjust.actionText).toBe('调整会员余额');
    expect(adjust.targetText).toMatch(new RegExp(`^会员 \\d+（${m.loginName}）$`));
    // Filter by action.
    const only = await t.post(`${s.A}/audit/list`, { action: 'staff.login' }, s.admin);
    expect(only.json.data.list.every((i: { action: string }) => i.action === 'staff.login')).toBe(true);
  });
});
