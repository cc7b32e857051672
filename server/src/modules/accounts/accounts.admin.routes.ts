import { describeDevice } from '../../core/user-agent.js';
import {
  memberResetPwdInput,
  memberSearchInput,
  memberStatusInput,
  recordIdInput,
  securitySettingsInput,
} from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../core/calls.js';
import { ADMIN_PREFIX, type RequestContext } from '../../core/context.js';
import { hashPassword } from '../../core/crypto.js';
import { businessError } from '../../core/errors.js';
import { revokeActorSessions } from '../../core/sessions.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { recordAudit } from '../audit/index.js';
import { SecurityKeys, securityThresholds } from './login-guard.js';

const A = ADMIN_PREFIX;

/** Admin calls on members (list, detail, login log, status, password, sessions) and the login security thresholds. */
export function registerAccountAdminRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, settings, config } = deps;
  const fmt = (ms: number | null) => (ms ? formatDateTime(ms, config.timeZone) : '');
  const audit = (ctx: RequestContext, action: string, target: string, before: unknown, after: unknown) =>
    recordAudit(db, ctx, action, target, before, after);

  // ---- members ----
  const memberView = (u: {
    id: number;
    user_no: string;
    login_name: string;
    nickname: string;
    email: string | null;
    mobile: string | null;
    balance: number;
    status: string;
    created_at: number;
    last_login_at: number | null;
  }) => ({
    id: u.id,
    userNo: u.user_no,
    loginName: u.login_name,
    nickname: u.nickname,
    email: u.email ?? '',
    mobile: u.mobile ?? '',
    balance: u.balance,
    status: u.status,
    createdAt: fmt(u.created_at),
    lastLoginAt: fmt(u.last_login_at),
  });
  const memberCols = [
    'id',
    'user_no',
    'login_name',
    'nickname',
    'email',
    'mobile',
    'balance',
    'status',
    'created_at',
    'last_login_at',
  ] as const;
  async function member(id: number) {
    const u = await db.selectFrom('users').select(memberCols).where('id', '=', id).executeTakeFirst();
    if (!u) throw businessError('NOT_FOUND');
    return u;
  }
  const view = { auth: 'admin' as const, permission: 'members.view' };
  const edit = { auth: 'admin' as const, permission: 'members.edit' };
  defineCall(app, `${A}/members/list`, { ...view, input: memberSearchInput }, async (_ctx, f) => {
    let q = db.selectFrom('users');
    if (f.keyword) {
      const k = `%${f.keyword.replace(/[%_\\]/g, '')}%`;
      q = q.where((eb) =>
        eb.or([
          eb('login_name', 'like', k),
          eb('user_no', 'like', k),
          eb('mobile', 'like', k),
          eb('email', 'like', k),
          eb('nickname', 'like', k),
        ]),
      );
    }
    if (f.status) q = q.where('status', '=', f.status);
    const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const rows = await q
      .select(memberCols)
      .orderBy('id', 'desc')
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute();
    return { total, items: rows.map(memberView) };
  });
  defineCall(app, `${A}/members/detail`, { ...view, input: recordIdInput }, async (_ctx, input) =>
    memberView(await member(input.id)),
  );
  defineCall(app, `${A}/members/loginLogs`, { ...view, input: recordIdInput }, async (_ctx, input) => {
    const rows = await db
      .selectFrom('login_logs')
      .select(['ip', 'address', 'user_agent', 'created_at'])
      .where('user_id', '=', input.id)
      .orderBy('id', 'desc')
      .limit(100)
      .execute();
    return rows.map((r) => ({
      IP: r.ip,
      Address: r.address,
      userAgent: r.user_agent,
      device: describeDevice(r.user_agent),
      LoginTime: fmt(r.created_at),
    }));
  });
  defineCall(app, `${A}/members/setStatus`, { ...edit, input: memberStatusInput }, async (ctx, input) => {
    const before = await member(input.id);
    await db
      .updateTable('users')
      .set({ status: input.status, updated_at: Date.now() })
      .where('id', '=', input.id)
      .execute();
    if (input.status === 'disabled') await revokeActorSessions(db, 'user', input.id);
    await audit(ctx, 'members.setStatus', `user:${input.id}`, { status: before.status }, { status: input.status });
  });
  defineCall(app, `${A}/members/resetPassword`, { ...edit, input: memberResetPwdInput }, async (ctx, input) => {
    await member(input.id);
    await db
      .updateTable('users')
      .set({ password_hash: await hashPassword(input.password), updated_at: Date.now() })
      .where('id', '=', input.id)
      .execute();
    await revokeActorSessions(db, 'user', input.id);
    await audit(ctx, 'members.resetPassword', `user:${input.id}`, null, { password: input.password });
  });
  defineCall(app, `${A}/members/forceLogout`, { ...edit, input: recordIdInput }, async (ctx, input) => {
    await member(input.id);
    const revoked = await revokeActorSessions(db, 'user', input.id);
    await audit(ctx, 'members.forceLogout', `user:${input.id}`, null, { revoked });
    return { revokedSessions: revoked };
  });

  // ---- security settings ----
  const set = { auth: 'admin' as const, permission: 'settings.edit' };
  defineCall(app, `${A}/settings/security`, { ...set, input: securitySettingsInput }, async (ctx, input) => {
    const before = securityThresholds(settings);
    await settings.set(SecurityKeys.captchaAfter, String(input.captchaAfter));
    await settings.set(SecurityKeys.lockAfter, String(input.lockAfter));
    await settings.set(SecurityKeys.lockMinutes, String(input.lockMinutes));
    await settings.set(SecurityKeys.registerCaptcha, input.registerCaptcha ? '1' : '0');
    await audit(ctx, 'settings.security', 'setting:security', before, input);
  });
}
