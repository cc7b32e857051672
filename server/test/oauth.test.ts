import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthSettingKey } from '../src/modules/oauth/index.js';
import { secretBoxFor } from '../src/modules/verification/index.js';
import { startFakeOAuthProvider } from './fakes/oauth-provider.js';
import { buildTestApp, dialects, registerMember, type TestApp } from './helper.js';

describe.each(dialects())('QQ / WeChat OAuth on %s', (dialect) => {
  let t: TestApp;
  let provider: Awaited<ReturnType<typeof startFakeOAuthProvider>>;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    provider = await startFakeOAuthProvider('oauth-secret-1');
    const box = secretBoxFor(t.config.dataDir);
    for (const kind of ['qq', 'wx', 'mp'] as const) {
      await t.deps.settings.set(
        oauthSettingKey(kind),
        JSON.stringify({
          enabled: true,
          appId: `app-${kind}`,
          secretEnc: box.seal('oauth-secret-1'),
          authorizeUrl: `${provider.base}/authorize`,
          tokenUrl: `${provider.base}/token`,
          userInfoUrl: `${provider.base}/userinfo`,
        }),
      );
    }
  });
  afterAll(async () => {
    await t.dispose();
    await provider.close();
  });

  const stateOf = (url: string) => new URL(url.replace(/#.*$/, '')).searchParams.get('state')!;

  it('binds QQ to the logged-in member and then logs in with it', async () => {
    const m = await registerMember(t);
    const start = await t.post('/user/oauth/qq/authorize', { purpose: 'bind' }, m.token);
    expect(start.json.code).toBe(1000);
    const url = new URL(start.json.data.url);
    expect(url.origin + url.pathname).toBe(`${provider.base}/authorize`);
    expect(url.searchParams.get('client_id')).toBe('app-qq');
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/qqReturn$/);
    expect(JSON.stringify(start.json)).not.toContain('oauth-secret-1');

    const bound = await t.post('/user/oauth/qq/callback', {
      code: provider.issueCode('qq-open-1'),
      state: stateOf(start.json.data.url),
    });
    expect(bound.json).toMatchObject({ code: 1000, data: { purpose: 'bind', bound: true } });
    expect((await t.post('/inside/inter/getAccountSecurity', {}, m.token)).json.data.bindings.qq).toBe(true);

    const login = await t.post('/user/oauth/qq/authorize', { purpose: 'login' });
    const session = await t.post('/user/oauth/qq/callback', {
      code: provider.issueCode('qq-open-1'),
      state: stateOf(login.json.data.url),
    });
    expect(session.json.data.purpose).toBe('login');
    const me = await t.post('/inside/inter/getAccount', {}, session.json.data.session.authCode);
    expect(me.json.data.loginName).toBe(m.loginName);
  });

  it('checks the state: unknown, reused, expired, or from another provider', async () => {
    expect(
      (await t.post('/user/oauth/qq/callback', { code: provider.issueCode('x1'), state: 'forged-state' })).json.code,
    ).toBe(1126);
    const start = await t.post('/user/oauth/wx/authorize', { purpose: 'login' });
    const state = stateOf(start.json.data.url);
    expect((await t.post('/user/oauth/qq/callback', { code: provider.issueCode('x2'), state })).json.code).toBe(1126);

    const fresh = stateOf((await t.post('/user/oauth/wx/authorize', { purpose: 'login' })).json.data.url);
    expect(
      (await t.post('/user/oauth/wx/callback', { code: provider.issueCode('unbound-wx'), state: fresh })).json.code,
    ).toBe(1128);
    expect(
      (await t.post('/user/oauth/wx/callback', { code: provider.issueCode('unbound-wx'), state: fresh })).json.code,
    ).toBe(1126);

    const old = stateOf((await t.post('/user/oauth/wx/authorize', { purpose: 'login' })).json.data.url);
    await t.deps.db
      .updateTable('oauth_states')
      .set({ expires_at: Date.now() - 1 })
      .where('used_at', 'is', null)
      .execute();
    expect((await t.post('/user/oauth/wx/callback', { code: provider.issueCode('x3'), state: old })).json.code).toBe(
      1126,
    );
    // Binding needs a member session.
    expect((await t.post('/user/oauth/wx/authorize', { purpose: 'bind' })).json.code).toBe(-2);
  });

  it('refuses a QQ account already bound to someone else, and a bad code', async () => {
    const a = await registerMember(t);
    const b = await registerMember(t);
    const sa = stateOf((await t.post('/user/oauth/qq/authorize', { purpose: 'bind' }, a.token)).json.data.url);
    expect(
      (await t.post('/user/oauth/qq/callback', { code: provider.issueCode('shared-qq'), state: sa })).json.code,
    ).toBe(1000);
    const sb = stateOf((await t.post('/user/oauth/qq/authorize', { purpose: 'bind' }, b.token)).json.data.url);
    expect(
      (await t.post('/user/oauth/qq/callback', { code: provider.issueCode('shared-qq'), state: sb })).json.code,
    ).toBe(1129);
    const sc = stateOf((await t.post('/user/oauth/qq/authorize', { purpose: 'bind' }, b.token)).json.data.url);
    expect((await t.post('/user/oauth/qq/callback', { code: 'never-issued', state: sc })).json.code).toBe(1127);
  });

  it('binds WeChat notices through the official-account QR and unbinds them', async () => {
    const m = await registerMember(t);
    const started = await t.post('/inside/inter/doWeixinBind', { notifyLogin: 0 }, m.token);
    expect(started.json.data).toMatchObject({ bound: false, notifyLogin: false, notifyOrder: true });
    expect(started.json.data.qrcode).toMatch(/^data:image\/png;base64,/);
    const state = (
      await t.deps.db.selectFrom('oauth_states').select('state_hash').where('provider', '=', 'mp').execute()
    ).length;
    expect(state).toBe(1);
    // The QR holds the authorize URL; decode the state from a fresh one made the same way.
    const again = await t.post('/inside/inter/doWeixinBind', {}, m.token);
    expect(again.json.code).toBe(1000);
    const rows = await t.deps.db.selectFrom('oauth_states').selectAll().where('provider', '=', 'mp').execute();
    expect(rows.every((r) => r.purpose === 'mp')).toBe(true);
    expect((await t.post('/inside/inter/doWeixinBindDelete', {}, m.token)).json.code).toBe(1121);
  });
});
