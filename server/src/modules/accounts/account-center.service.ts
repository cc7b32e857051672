import { describeDevice } from '../../core/user-agent.js';
import { guardedSalePassword } from './sale-password-lock.js';
import { callerOf } from './sale-password.js';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import {
  DEFAULT_AVATAR,
  OAUTH_PROVIDERS,
  type AccountSecurityView,
  type LoginLogRow,
  type OpenApiAnswer,
  type OAuthProvider,
  type Paged,
  type SaleOp,
  type SendCodeAnswer,
  type SessionView,
  type ShopPriceMode,
  type UpdateCustomerInput,
  type WeixinBindView,
} from '@kapu/contract';
import type { Updateable } from 'kysely';
import type { ActorContext, RequestContext } from '../../core/context.js';
import type { UsersTable } from '../../core/db/schema.js';
import { hashPassword, randomToken, verifyPassword } from '../../core/crypto.js';
import { businessError } from '../../core/errors.js';
import { addressOf } from '../../core/ip-geo.js';
import { revokeActorSessions, revokeSession } from '../../core/sessions.js';
import { fetchPage, mapPage } from '../../core/paging.js';
import { formatDateTime } from '../../core/time.js';
import type { Db } from '../../core/db/connect.js';
import type { Deps } from '../../deps.js';
import { checkCaptcha, verificationService } from '../verification/index.js';
import { maskEmail, maskMobile, newInviteCode } from './accounts.service.js';
import { saleOpsOf } from './sale-password.js';

const LOGIN_NAME_EVERY_MS = 30 * 24 * 3600_000;
/** mp_notify_flags bits: which WeChat notices the member wants. */
export const MP_FLAGS = { notifyOrder: 1, notifyFunds: 2, notifyLogin: 4 } as const;

function parseAllowlist(text: string): string[] {
  const list = text
    .split(/[\s,，;；]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  for (const ip of list)
    if (!isIP(ip)) throw businessError('BAD_INPUT', `IP 地址格式不正确：${ip.slice(0, 50)}`, { field: 'ipAllowlist' });
  if (list.length > 20) throw businessError('BAD_INPUT', 'IP 白名单最多 20 个', { field: 'ipAllowlist' });
  return [...new Set(list)];
}

/**
 * The member account center (`/inside/inter/myaccount`): profile, passwords, bindings,
 * open-API key, shop price, login name, sessions and login log. Every query is keyed by the
 * session's member id; no call takes a member id from the client.
 */
/** The member's third-party bindings, owned by oauth and passed in by app.ts (oauth builds on accounts). */
export interface MemberBindings {
  providersOf(db: Db, userId: number): Promise<string[]>;
  unbind(db: Db, userId: number, provider: OAuthProvider): Promise<boolean>;
}

export function accountCenterService(deps: Deps, bindings: MemberBindings) {
  const { db, config } = deps;
  const verify = verificationService(deps);
  const box = verify.box;
  const fmt = (ms: number) => formatDateTime(ms, config.timeZone);

  async function me(ctx: ActorContext) {
    const user = await db.selectFrom('users').selectAll().where('id', '=', ctx.actor.id).executeTakeFirst();
    if (!user) throw businessError('NOT_FOUND');
    return user;
  }

  async function checkLoginPassword(ctx: ActorContext, password: string, msg = '登录密码错误') {
    const user = await me(ctx);
    if (!(await verifyPassword(password, user.password_hash))) throw businessError('OLD_PASSWORD_WRONG', msg);
    return user;
  }

  /** The current sale password, under the same lock as every other check of it. */
  async function checkSalePassword(ctx: ActorContext, salePwd: string) {
    const user = await me(ctx);
    const hash = user.sale_pwd_hash;
    if (!hash) throw businessError('SALE_PWD_NOT_SET');
    await guardedSalePassword(db, callerOf(ctx), () => verifyPassword(salePwd, hash));
    return user;
  }

  async function touch(ctx: ActorContext, values: Updateable<UsersTable>) {
    await db.updateTable('users').set(values).where('id', '=', ctx.actor.id).execute();
  }

  function newSecret() {
    return randomToken(24);
  }

  return {
    async security(ctx: ActorContext): Promise<AccountSecurityView> {
      let user = await me(ctx);
      if (!user.invite_code) {
        await touch(ctx, { invite_code: await newInviteCode(db) });
        user = await me(ctx);
      }
      const providers = await bindings.providersOf(db, user.id);
      const key = await db
        .selectFrom('open_api_keys')
        .select(['app_id', 'enabled', 'ip_allowlist'])
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      const bound = new Set(providers);
      return {
        mobileBound: !!user.mobile,
        emailBound: !!user.email,
        salePwdSet: !!user.sale_pwd_hash,
        salePwdEnabled: user.sale_pwd_enabled === 1,
        salePwdOps: saleOpsOf(user.sale_pwd_ops),
        bindings: Object.fromEntries(OAUTH_PROVIDERS.map((p) => [p, bound.has(p)])) as Record<OAuthProvider, boolean>,
        weixinNotify: !!user.mp_openid,
        openApi: {
          created: !!key,
          enabled: key?.enabled === 1,
          appId: key?.app_id ?? '',
          ipAllowlist: key ? (JSON.parse(key.ip_allowlist) as string[]) : [],
        },
        shopPriceMode: (user.shop_price_mode as ShopPriceMode | null) ?? 'level',
        loginNameChangeableAt: user.login_name_changed_at
          ? fmt(user.login_name_changed_at + LOGIN_NAME_EVERY_MS)
          : null,
        inviteCode: user.invite_code ?? '',
        qq: user.qq,
        contact: user.contact,
      };
    },

    async updateCustomer(ctx: ActorContext, input: UpdateCustomerInput) {
      const values: { nickname?: string; avatar?: string; qq?: string; contact?: string; updated_at: number } = {
        updated_at: Date.now(),
      };
      if (input.nickname !== undefined) values.nickname = input.nickname;
      if (input.qq !== undefined) values.qq = input.qq;
      if (input.contact !== undefined) values.contact = input.contact;
      if (input.avatar !== undefined) {
        if (input.avatar === DEFAULT_AVATAR) values.avatar = '';
        else {
          // Only an image this member uploaded: no foreign files, no outside URLs, no javascript:.
          const rel = input.avatar.startsWith('/uploads/') ? input.avatar.slice('/uploads/'.length) : null;
          const upload = rel
            ? await db
                .selectFrom('uploads')
                .select('id')
                .where('path', '=', rel)
                .where('owner_area', '=', 'user')
                .where('owner_id', '=', ctx.actor.id)
                .executeTakeFirst()
            : undefined;
          if (!upload) throw businessError('AVATAR_INVALID');
          values.avatar = input.avatar;
        }
      }
      await touch(ctx, values);
    },

    async updateLoginPassword(ctx: ActorContext, input: { oldPassword: string; newPassword: string }) {
      await checkLoginPassword(ctx, input.oldPassword, '原密码错误');
      if (input.oldPassword === input.newPassword) throw businessError('PASSWORD_SAME');
      await touch(ctx, { password_hash: await hashPassword(input.newPassword), updated_at: Date.now() });
      // Whoever else holds a session (maybe the reason for the change) is logged out.
      const revoked = await revokeActorSessions(db, 'user', ctx.actor.id, ctx.actor.sessionId);
      return { revokedSessions: revoked };
    },

    async setNewSalePassword(ctx: ActorContext, input: { password: string; newSalePwd: string }) {
      const user = await checkLoginPassword(ctx, input.password);
      await touch(ctx, {
        sale_pwd_hash: await hashPassword(input.newSalePwd),
        // Setting it the first time turns it on; a change keeps the member's choice.
        sale_pwd_enabled: user.sale_pwd_hash ? user.sale_pwd_enabled : 1,
        updated_at: Date.now(),
      });
    },

    async setSalePasswordStatus(ctx: ActorContext, input: { enabled: boolean; salePwd: string }) {
      await checkSalePassword(ctx, input.salePwd);
      await touch(ctx, { sale_pwd_enabled: input.enabled ? 1 : 0, updated_at: Date.now() });
    },

    async setSalePasswordOps(ctx: ActorContext, input: { ops: SaleOp[]; salePwd: string }) {
      await checkSalePassword(ctx, input.salePwd);
      const ops = [...new Set(input.ops)];
      await touch(ctx, { sale_pwd_ops: JSON.stringify(ops), updated_at: Date.now() });
      return { ops };
    },

    async unbind(ctx: ActorContext, provider: OAuthProvider) {
      if (!(await bindings.unbind(db, ctx.actor.id, provider))) throw businessError('BINDING_NOT_FOUND');
    },

    async weixinBindStatus(ctx: ActorContext): Promise<WeixinBindView> {
      const user = await me(ctx);
      const flags = user.mp_notify_flags ?? 7;
      return {
        bound: !!user.mp_openid,
        notifyOrder: (flags & MP_FLAGS.notifyOrder) !== 0,
        notifyFunds: (flags & MP_FLAGS.notifyFunds) !== 0,
        notifyLogin: (flags & MP_FLAGS.notifyLogin) !== 0,
      };
    },

    async weixinBindFlags(ctx: ActorContext, input: Partial<Record<keyof typeof MP_FLAGS, boolean>>) {
      const user = await me(ctx);
      let flags = user.mp_notify_flags ?? 7;
      for (const [name, bit] of Object.entries(MP_FLAGS) as Array<[keyof typeof MP_FLAGS, number]>) {
        if (input[name] === true) flags |= bit;
        if (input[name] === false) flags &= ~bit;
      }
      await touch(ctx, { mp_notify_flags: flags });
      return flags;
    },

    async weixinUnbind(ctx: ActorContext) {
      const user = await me(ctx);
      if (!user.mp_openid) throw businessError('BINDING_NOT_FOUND');
      await touch(ctx, { mp_openid: null });
    },

    async sendBindMobileCode(
      ctx: ActorContext,
      input: { mobile: string; captchaId?: string; captcha?: string },
    ): Promise<SendCodeAnswer> {
      const user = await me(ctx);
      if (user.mobile) throw businessError('MOBILE_ALREADY_BOUND');
      const taken = await db.selectFrom('users').select('id').where('mobile', '=', input.mobile).executeTakeFirst();
      if (taken) throw businessError('MOBILE_TAKEN');
      return verify.sendSmsCode('bind_mobile', input.mobile, user.id, ctx.ip);
    },

    async bindMobile(ctx: ActorContext, input: { mobile: string; code: string }) {
      const user = await me(ctx);
      if (user.mobile) throw businessError('MOBILE_ALREADY_BOUND');
      await verify.consume('bind_mobile', input.mobile, input.code, user.id);
      try {
        await touch(ctx, { mobile: input.mobile, updated_at: Date.now() });
      } catch (err) {
        if (await db.selectFrom('users').select('id').where('mobile', '=', input.mobile).executeTakeFirst())
          throw businessError('MOBILE_TAKEN');
        throw err;
      }
      return { mobile: maskMobile(input.mobile) };
    },

    async sendUnbindMobileCode(ctx: ActorContext): Promise<SendCodeAnswer> {
      const user = await me(ctx);
      if (!user.mobile) throw businessError('MOBILE_NOT_BOUND');
      return verify.sendSmsCode('unbind_mobile', user.mobile, user.id, ctx.ip);
    },

    async unbindMobile(ctx: ActorContext, input: { code: string }) {
      const user = await me(ctx);
      if (!user.mobile) throw businessError('MOBILE_NOT_BOUND');
      await verify.consume('unbind_mobile', user.mobile, input.code, user.id);
      await touch(ctx, { mobile: null, updated_at: Date.now() });
    },

    async emailBindStatus(ctx: ActorContext) {
      const user = await me(ctx);
      return { bound: !!user.email, email: maskEmail(user.email) };
    },

    /** Without a code: mails one. With the code: binds (or replaces) the email. */
    async bindEmail(ctx: ActorContext, input: { email: string; code?: string }) {
      const user = await me(ctx);
      const taken = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', input.email)
        .where('id', '!=', user.id)
        .executeTakeFirst();
      if (taken) throw businessError('EMAIL_TAKEN');
      if (!input.code) {
        const sent = await verify.sendEmailCode('bind_email', input.email, user.id, ctx.ip, ctx.site.title);
        return { sent: true, bound: false, ...sent };
      }
      await verify.consume('bind_email', input.email, input.code, user.id);
      try {
        await touch(ctx, { email: input.email, updated_at: Date.now() });
      } catch (err) {
        if (
          await db
            .selectFrom('users')
            .select('id')
            .where('email', '=', input.email)
            .where('id', '!=', user.id)
            .executeTakeFirst()
        )
          throw businessError('EMAIL_TAKEN');
        throw err;
      }
      return { sent: false, bound: true, email: maskEmail(input.email) };
    },

    async setOpenApiStatus(ctx: ActorContext, input: { enabled: boolean }) {
      const res = await db
        .updateTable('open_api_keys')
        .set({ enabled: input.enabled ? 1 : 0 })
        .where('user_id', '=', ctx.actor.id)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) throw businessError('OPENAPI_NOT_CREATED');
      return { enabled: input.enabled };
    },

    /** Opens the API (first call: answers the secret once) or updates the IP allowlist. */
    async openApi(ctx: ActorContext, input: { ipAllowlist: string }): Promise<OpenApiAnswer> {
      const allow = JSON.stringify(parseAllowlist(input.ipAllowlist));
      const existing = await db
        .selectFrom('open_api_keys')
        .select('app_id')
        .where('user_id', '=', ctx.actor.id)
        .executeTakeFirst();
      if (existing) {
        await db
          .updateTable('open_api_keys')
          .set({ ip_allowlist: allow })
          .where('user_id', '=', ctx.actor.id)
          .execute();
        return { appId: existing.app_id, created: false };
      }
      const appSecret = newSecret();
      const appId = `kp${randomBytes(8).toString('hex')}`;
      const now = Date.now();
      // Two first calls at once: one inserts, the other finds the key the first made (no duplicate key).
      const inserted = await db
        .insertInto('open_api_keys')
        .values({
          user_id: ctx.actor.id,
          app_id: appId,
          secret_enc: box.seal(appSecret),
          enabled: 1,
          ip_allowlist: allow,
          created_at: now,
          rotated_at: now,
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
        const winner = await db
          .selectFrom('open_api_keys')
          .select('app_id')
          .where('user_id', '=', ctx.actor.id)
          .executeTakeFirstOrThrow();
        return { appId: winner.app_id, created: false };
      }
      return { appId, appSecret, created: true };
    },

    /** Rotates the secret (login password required); the new one is answered this once. */
    async rotateOpenApiKey(ctx: ActorContext, input: { password?: string }): Promise<OpenApiAnswer> {
      if (!input.password) throw businessError('BAD_INPUT', '请输入登录密码', { field: 'password' });
      await checkLoginPassword(ctx, input.password);
      const appSecret = newSecret();
      const res = await db
        .updateTable('open_api_keys')
        .set({ secret_enc: box.seal(appSecret), rotated_at: Date.now() })
        .where('user_id', '=', ctx.actor.id)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) throw businessError('OPENAPI_NOT_CREATED');
      const row = await db
        .selectFrom('open_api_keys')
        .select('app_id')
        .where('user_id', '=', ctx.actor.id)
        .executeTakeFirstOrThrow();
      return { appId: row.app_id, appSecret };
    },

    async setShopPrice(ctx: ActorContext, input: { mode: ShopPriceMode }) {
      await touch(ctx, { shop_price_mode: input.mode, updated_at: Date.now() });
      return { mode: input.mode };
    },

    async updateLoginName(ctx: ActorContext, input: { loginName: string; password: string }) {
      const user = await checkLoginPassword(ctx, input.password);
      const now = Date.now();
      if (user.login_name_changed_at && now - user.login_name_changed_at < LOGIN_NAME_EVERY_MS) {
        throw businessError(
          'LOGIN_NAME_CHANGE_TOO_SOON',
          `登录名 30 天内只能修改一次，${fmt(user.login_name_changed_at + LOGIN_NAME_EVERY_MS)} 后可再次修改`,
        );
      }
      if (input.loginName === user.login_name)
        throw businessError('BAD_INPUT', '新登录名与当前登录名相同', { field: 'loginName' });
      const taken = await db
        .selectFrom('users')
        .select('id')
        .where('login_name', '=', input.loginName)
        .executeTakeFirst();
      if (taken) throw businessError('LOGIN_NAME_TAKEN');
      // Conditional on the old stamp: two parallel renames, one wins.
      let q = db
        .updateTable('users')
        .set({ login_name: input.loginName, login_name_changed_at: now, updated_at: now })
        .where('id', '=', user.id);
      q =
        user.login_name_changed_at === null
          ? q.where('login_name_changed_at', 'is', null)
          : q.where('login_name_changed_at', '=', user.login_name_changed_at);
      try {
        const res = await q.executeTakeFirst();
        if (Number(res.numUpdatedRows) === 0) throw businessError('LOGIN_NAME_CHANGE_TOO_SOON');
      } catch (err) {
        if (
          await db
            .selectFrom('users')
            .select('id')
            .where('login_name', '=', input.loginName)
            .where('id', '!=', user.id)
            .executeTakeFirst()
        )
          throw businessError('LOGIN_NAME_TAKEN');
        throw err;
      }
      return { loginName: input.loginName };
    },

    async sessions(ctx: ActorContext): Promise<SessionView[]> {
      const rows = await db
        .selectFrom('sessions')
        .select(['id', 'ip', 'user_agent', 'created_at', 'last_seen_at'])
        .where('area', '=', 'user')
        .where('actor_id', '=', ctx.actor.id)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', Date.now())
        .orderBy('id', 'desc')
        .limit(50)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        ip: r.ip,
        address: addressOf(r.ip),
        userAgent: r.user_agent,
        device: describeDevice(r.user_agent),
        createdAt: fmt(r.created_at),
        lastSeenAt: fmt(r.last_seen_at),
        current: r.id === ctx.actor.sessionId,
      }));
    },

    async logoutOthers(ctx: ActorContext) {
      return { revokedSessions: await revokeActorSessions(db, 'user', ctx.actor.id, ctx.actor.sessionId) };
    },

    async revokeOne(ctx: ActorContext, sessionId: number) {
      const row = await db
        .selectFrom('sessions')
        .select('id')
        .where('id', '=', sessionId)
        .where('area', '=', 'user')
        .where('actor_id', '=', ctx.actor.id)
        .executeTakeFirst();
      if (!row) throw businessError('NOT_FOUND');
      await revokeSession(db, row.id);
    },

    async loginLogs(ctx: ActorContext, input: { page: number; pageSize: number }): Promise<Paged<LoginLogRow>> {
      const base = db.selectFrom('login_logs').where('user_id', '=', ctx.actor.id);
      const rows = await fetchPage(
        base.select(['ip', 'address', 'user_agent', 'created_at']).orderBy('id', 'desc'),
        input,
      );
      return mapPage(rows, (r) => ({
        IP: r.ip,
        Address: r.address,
        LoginTime: fmt(r.created_at),
        userAgent: r.user_agent,
        device: describeDevice(r.user_agent),
      }));
    },

    // ---- forgot password (public) ----
    async forgetSendCode(
      ctx: RequestContext,
      input: { channel: 'email' | 'sms'; target: string; captchaId?: string; captcha?: string },
    ) {
      if (!(await checkCaptcha(db, input.captchaId, input.captcha))) {
        throw input.captchaId ? businessError('CAPTCHA_WRONG') : businessError('CAPTCHA_REQUIRED');
      }
      const target = input.target.trim().toLowerCase();
      const column = input.channel === 'email' ? 'email' : 'mobile';
      const user = await db.selectFrom('users').select(['id', 'status']).where(column, '=', target).executeTakeFirst();
      // Unknown targets hear the same answer: the call does not tell who is a member.
      if (!user || user.status !== 'active') return { resendAfter: 60 };
      return input.channel === 'email'
        ? verify.sendEmailCode('forget', target, user.id, ctx.ip, ctx.site.title)
        : verify.sendSmsCode('forget', target, user.id, ctx.ip);
    },

    async forgetReset(
      _ctx: RequestContext,
      input: { channel: 'email' | 'sms'; target: string; code: string; newPassword: string },
    ) {
      const target = input.target.trim().toLowerCase();
      const column = input.channel === 'email' ? 'email' : 'mobile';
      const user = await db.selectFrom('users').select(['id']).where(column, '=', target).executeTakeFirst();
      if (!user) throw businessError('CODE_EXPIRED');
      await verify.consume('forget', target, input.code, user.id);
      await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(input.newPassword), updated_at: Date.now() })
        .where('id', '=', user.id)
        .execute();
      await revokeActorSessions(db, 'user', user.id);
      await db.deleteFrom('login_failures').where('area', '=', 'user').where('account', '=', `u:${user.id}`).execute();
    },
  };
}
export type AccountCenterService = ReturnType<typeof accountCenterService>;

/** For the open-API module: the caller's credentials by app id (secret opened here only). */
export async function openApiCredentials(deps: Deps, appId: string) {
  const row = await deps.db.selectFrom('open_api_keys').selectAll().where('app_id', '=', appId).executeTakeFirst();
  if (!row) return null;
  const box = verificationService(deps).box;
  return {
    userId: row.user_id,
    appSecret: box.open(row.secret_enc),
    enabled: row.enabled === 1,
    ipAllowlist: JSON.parse(row.ip_allowlist) as string[],
    noSalePwd: row.no_sale_pwd === 1,
  };
}

/** For the open-API module's key list: the member's default key (no secret), or null before it is opened. */
export async function defaultOpenApiKey(deps: Deps, userId: number) {
  const row = await deps.db
    .selectFrom('open_api_keys')
    .select(['app_id', 'enabled', 'ip_allowlist', 'no_sale_pwd'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row
    ? {
        appId: row.app_id,
        enabled: row.enabled === 1,
        ipAllowlist: JSON.parse(row.ip_allowlist) as string[],
        noSalePwd: row.no_sale_pwd === 1,
      }
    : null;
}

/** The default key's opt-in to API orders without the sale password, in the caller's transaction. */
export async function setDefaultKeyNoSalePwd(trx: Db, userId: number, on: boolean): Promise<boolean> {
  const res = await trx
    .updateTable('open_api_keys')
    .set({ no_sale_pwd: on ? 1 : 0 })
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
