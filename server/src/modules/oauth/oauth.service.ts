import type { AuthOptions, OAuthCallbackAnswer, OAuthKind } from '@kapu/contract';
import type { RequestContext } from '../../core/context.js';
import { randomToken, sha256 } from '../../core/crypto.js';
import { businessError } from '../../core/errors.js';
import type { Deps } from '../../deps.js';
import { securityThresholds, setMpOpenid, type AccountsService } from '../accounts/index.js';
import { secretBoxFor } from '../verification/index.js';

export type { OAuthKind };
export type OAuthPurpose = 'login' | 'bind' | 'mp';

export interface OAuthApp {
  enabled: boolean;
  appId: string;
  /** SecretBox of the app secret. */
  secretEnc: string;
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
}

export const oauthSettingKey = (kind: OAuthKind) => `oauth.${kind}`;

/** The providers' public endpoints; admin may point them elsewhere (tests use a loopback fake). */
export const OAUTH_DEFAULTS: Record<
  OAuthKind,
  Pick<OAuthApp, 'authorizeUrl' | 'tokenUrl' | 'userInfoUrl'> & { scope: string; returnPage: string }
> = {
  qq: {
    authorizeUrl: 'https://graph.qq.com/oauth2.0/authorize',
    tokenUrl: 'https://graph.qq.com/oauth2.0/token',
    userInfoUrl: 'https://graph.qq.com/user/get_user_info',
    scope: 'get_user_info',
    returnPage: '/qqReturn',
  },
  wx: {
    authorizeUrl: 'https://open.weixin.qq.com/connect/qrconnect',
    tokenUrl: 'https://api.weixin.qq.com/sns/oauth2/access_token',
    userInfoUrl: 'https://api.weixin.qq.com/sns/userinfo',
    scope: 'snsapi_login',
    returnPage: '/weixinReturn',
  },
  mp: {
    authorizeUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize',
    tokenUrl: 'https://api.weixin.qq.com/sns/oauth2/access_token',
    userInfoUrl: 'https://api.weixin.qq.com/sns/userinfo',
    scope: 'snsapi_base',
    returnPage: '/mpReturn',
  },
};
const STATE_TTL_MS = 10 * 60_000;

/**
 * QQ / WeChat OAuth login and binding, and the WeChat official-account notice binding.
 * Every flow starts with a random `state` kept (hashed) server-side, bound to the purpose and
 * the member; the callback must bring it back once and in time (CSRF / login-fixation guard).
 */
export function oauthService(deps: Deps, accounts: AccountsService) {
  const { db, settings, config } = deps;
  const box = secretBoxFor(config.dataDir);

  function appOf(kind: OAuthKind): OAuthApp {
    const raw = settings.get(oauthSettingKey(kind));
    const app = raw ? (JSON.parse(raw) as OAuthApp) : null;
    if (!app?.enabled || !app.appId) throw businessError('OAUTH_DISABLED');
    return {
      ...app,
      authorizeUrl: app.authorizeUrl || OAUTH_DEFAULTS[kind].authorizeUrl,
      tokenUrl: app.tokenUrl || OAUTH_DEFAULTS[kind].tokenUrl,
      userInfoUrl: app.userInfoUrl || OAUTH_DEFAULTS[kind].userInfoUrl,
    };
  }

  async function authorizeUrl(kind: OAuthKind, purpose: OAuthPurpose, userId: number | null, origin: string) {
    const app = appOf(kind);
    const state = randomToken(24);
    const now = Date.now();
    await db
      .insertInto('oauth_states')
      .values({
        state_hash: sha256(state),
        provider: kind,
        purpose,
        user_id: userId,
        expires_at: now + STATE_TTL_MS,
        used_at: null,
        created_at: now,
      })
      .execute();
    const url = new URL(app.authorizeUrl);
    url.searchParams.set(kind === 'qq' ? 'client_id' : 'appid', app.appId);
    url.searchParams.set('redirect_uri', origin + OAUTH_DEFAULTS[kind].returnPage);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', OAUTH_DEFAULTS[kind].scope);
    url.searchParams.set('state', state);
    return { url: kind === 'qq' ? url.toString() : `${url.toString()}#wechat_redirect`, state };
  }

  /** Trades the code for the provider's openid (and a nickname when offered). */
  async function exchange(
    kind: OAuthKind,
    code: string,
    origin: string,
  ): Promise<{ openid: string; nickname: string }> {
    const app = appOf(kind);
    const secret = app.secretEnc ? box.open(app.secretEnc) : '';
    const url = new URL(app.tokenUrl);
    const params: Record<string, string> =
      kind === 'qq'
        ? {
            grant_type: 'authorization_code',
            client_id: app.appId,
            client_secret: secret,
            code,
            redirect_uri: origin + OAUTH_DEFAULTS[kind].returnPage,
            fmt: 'json',
            need_openid: '1',
          }
        : { appid: app.appId, secret, code, grant_type: 'authorization_code' };
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      const token = (await res.json()) as { access_token?: string; openid?: string; errcode?: number; error?: unknown };
      if (!token.access_token || !token.openid) throw new Error(`token: ${res.status}`);
      let nickname = '';
      if (kind !== 'mp') {
        const info = new URL(app.userInfoUrl);
        info.searchParams.set('access_token', token.access_token);
        info.searchParams.set(kind === 'qq' ? 'oauth_consumer_key' : 'lang', kind === 'qq' ? app.appId : 'zh_CN');
        info.searchParams.set('openid', token.openid);
        const who = (await (await fetch(info, { signal: AbortSignal.timeout(10_000) })).json()) as {
          nickname?: string;
        };
        nickname = String(who.nickname ?? '').slice(0, 100);
      }
      return { openid: token.openid, nickname };
    } catch (err) {
      deps.log.warn(
        { provider: kind, reason: err instanceof Error ? err.message : String(err) },
        'oauth exchange failed',
      );
      throw businessError('OAUTH_FAILED');
    }
  }

  /** Uses up a state: right provider, not used, not expired. */
  async function takeState(kind: OAuthKind, state: string) {
    const hash = sha256(state);
    const now = Date.now();
    const row = await db.selectFrom('oauth_states').selectAll().where('state_hash', '=', hash).executeTakeFirst();
    if (!row || row.provider !== kind) throw businessError('OAUTH_STATE_INVALID');
    const used = await db
      .updateTable('oauth_states')
      .set({ used_at: now })
      .where('state_hash', '=', hash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw businessError('OAUTH_STATE_INVALID');
    return row;
  }

  return {
    authorizeUrl,

    /** For the public login/register pages: the register captcha switch and which sign-in apps are on (no secrets). */
    authOptions(): AuthOptions {
      const on = (kind: OAuthKind) => {
        const raw = settings.get(oauthSettingKey(kind));
        const app = raw ? (JSON.parse(raw) as OAuthApp) : null;
        return !!app?.enabled && !!app.appId;
      };
      return {
        registerCaptcha: securityThresholds(settings).registerCaptcha,
        oauth: { qq: on('qq'), wx: on('wx'), mp: on('mp') },
      };
    },

    async callback(
      ctx: RequestContext,
      kind: OAuthKind,
      input: { code: string; state: string },
      origin: string,
    ): Promise<OAuthCallbackAnswer> {
      const state = await takeState(kind, input.state);
      const who = await exchange(kind, input.code, origin);
      const provider = kind;
      if (state.purpose === 'mp') {
        await setMpOpenid(db, state.user_id!, who.openid);
        return { purpose: 'mp' as const, bound: true };
      }
      const existing = await db
        .selectFrom('oauth_bindings')
        .select(['user_id'])
        .where('provider', '=', provider)
        .where('openid', '=', who.openid)
        .executeTakeFirst();
      if (state.purpose === 'login') {
        if (!existing) throw businessError('OAUTH_NOT_BOUND');
        return { purpose: 'login' as const, session: await accounts.loginAs(ctx, existing.user_id) };
      }
      if (existing && existing.user_id !== state.user_id) throw businessError('OAUTH_BOUND_OTHER');
      if (!existing) {
        try {
          await db
            .insertInto('oauth_bindings')
            .values({
              user_id: state.user_id!,
              provider,
              openid: who.openid,
              nickname: who.nickname,
              created_at: Date.now(),
            })
            .execute();
        } catch {
          // One binding per provider per member: replace the old one.
          await db
            .updateTable('oauth_bindings')
            .set({ openid: who.openid, nickname: who.nickname, created_at: Date.now() })
            .where('user_id', '=', state.user_id!)
            .where('provider', '=', provider)
            .execute();
        }
      }
      return { purpose: 'bind' as const, bound: true };
    },
  };
}
export type OAuthService = ReturnType<typeof oauthService>;
