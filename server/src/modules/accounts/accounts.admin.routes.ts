import { describeDevice } from '../../core/user-agent.js';
import {
  type AdminLoginLog,
  type AdminMember,
  type LevelOption,
  memberResetPwdInput,
  memberSearchInput,
  memberSetLevelInput,
  memberStatusInput,
  recordIdInput,
  securitySettingsInput,
} from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall, writeAudit } from '../../core/calls.js';
import { ADMIN_PREFIX } from '../../core/context.js';
import { hashPassword } from '../../core/crypto.js';
import { moveStatus } from '../../core/fsm.js';
import { fetchPage, mapPage } from '../../core/paging.js';
import { businessError } from '../../core/errors.js';
import { revokeActorSessions } from '../../core/sessions.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import type { MemberLevels } from './accounts.repo.js';
import { SecurityKeys, securityThresholds } from './login-guard.js';
import { changeMemberLevel } from './member-level.js';
import { memberMachine, type MemberStatus } from './member-status.js';

const A = ADMIN_PREFIX;

/**
 * Admin calls on members (list, detail, login log, status, level, password, sessions) and the login
 * security thresholds. The levels are catalog's: app.ts passes them in.
 */
export function registerAccountAdminRoutes(app: FastifyInstance, deps: Deps, levels: MemberLevels): void {
  const { db, settings, config } = deps;
  const fmt = (ms: number | null) => (ms ? formatDateTime(ms, config.timeZone) : '');

  // ---- members ----
  type MemberRow = {
    id: number;
    user_no: string;
    login_name: string;
    nickname: string;
    email: string | null;
    mobile: string | null;
    balance: number;
    level_id: number;
    status: string;
    created_at: number;
    last_login_at: number | null;
  };
  const memberView = (u: MemberRow, levelNames: ReadonlyMap<number, string>): AdminMember => ({
    id: u.id,
    userNo: u.user_no,
    loginName: u.login_name,
    nickname: u.nickname,
    email: u.email ?? '',
    mobile: u.mobile ?? '',
    balance: u.balance,
    levelId: u.level_id,
    levelName: levelNames.get(u.level_id) ?? '',
    status: u.status as MemberStatus,
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
    'level_id',
    'status',
    'created_at',
    'last_login_at',
  ] as const;
  /** The site's level names (a handful of rows), to name each member's level. */
  const levelNames = async (siteId: number) =>
    new Map((await levels.list(db, siteId)).map((l) => [l.id, l.name] as const));
  async function member(id: number) {
    const u = await db.selectFrom('users').select(memberCols).where('id', '=', id).executeTakeFirst();
    if (!u) throw businessError('NOT_FOUND');
    return u;
  }
  const view = { auth: 'admin', permission: 'members.view' } as const;
  const edit = { auth: 'admin', permission: 'members.edit' } as const;
  defineCall(app, `${A}/members/list`, { ...view, input: memberSearchInput }, async (ctx, f) => {
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
    if (f.levelId) q = q.where('level_id', '=', f.levelId);
    const [page, names] = await Promise.all([
      fetchPage(q.select(memberCols).orderBy('id', 'desc'), f),
      levelNames(ctx.site.id),
    ]);
    return mapPage(page, (u) => memberView(u, names));
  });
  defineCall(app, `${A}/members/detail`, { ...view, input: recordIdInput }, async (ctx, input) =>
    memberView(await member(input.id), await levelNames(ctx.site.id)),
  );
  defineCall(app, `${A}/members/levelOptions`, view, (ctx): Promise<LevelOption[]> => levels.list(db, ctx.site.id));
  const loginLogs = async (userId: number): Promise<AdminLoginLog[]> => {
    const rows = await db
      .selectFrom('login_logs')
      .select(['ip', 'address', 'user_agent', 'created_at'])
      .where('user_id', '=', userId)
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
  };
  defineCall(app, `${A}/members/loginLogs`, { ...view, input: recordIdInput }, (_ctx, input) => loginLogs(input.id));

  // Each write and its audit row commit together (ctx.audit in the write's transaction).
  const target = (id: number) => `user:${id}`;
  defineCall(
    app,
    `${A}/members/setStatus`,
    {
      ...edit,
      input: memberStatusInput,
      audit: { action: 'members.setStatus', record: (i) => ({ status: i.status }) },
    },
    async (ctx, input) => {
      const before = await member(input.id);
      const from = before.status as MemberStatus;
      await db.transaction().execute(async (trx) => {
        // Setting the status it already has changes nothing, but staff still see their act in the log.
        if (from !== input.status) {
          const moved = await moveStatus(trx, memberMachine, input.id, from, input.status, { updated_at: Date.now() });
          if (!moved) throw businessError('CONFLICT');
        }
        if (input.status === 'disabled') await revokeActorSessions(trx, 'user', input.id);
        await writeAudit(ctx, trx, { target: target(input.id), before: { status: before.status } });
      });
    },
  );
  // Staff put a member on a level (no money moves); the same conditional move and event as a purchase.
  defineCall(
    app,
    `${A}/members/setLevel`,
    {
      ...edit,
      input: memberSetLevelInput,
      audit: { action: 'members.setLevel', record: (i) => ({ levelId: i.levelId }) },
    },
    async (ctx, input) => {
      const before = await member(input.id);
      const names = await levelNames(ctx.site.id);
      const toName = names.get(input.levelId);
      if (toName === undefined) throw businessError('LEVEL_NOT_FOUND');
      const from = { id: before.level_id, name: names.get(before.level_id) ?? '' };
      const to = { id: input.levelId, name: toName };
      await db.transaction().execute(async (trx) => {
        // Setting the level it already has changes nothing, but staff still see their act in the log.
        if (from.id !== to.id) {
          const moved = await changeMemberLevel(trx, {
            userId: input.id,
            siteId: ctx.site.id,
            from,
            to,
            by: 'staff',
            paid: 0,
          });
          if (!moved) throw businessError('CONFLICT');
        }
        await writeAudit(ctx, trx, {
          target: target(input.id),
          before: { levelId: from.id, levelName: from.name },
          after: { levelId: to.id, levelName: to.name },
        });
      });
      return { levelId: to.id, levelName: to.name };
    },
  );
  defineCall(
    app,
    `${A}/members/resetPassword`,
    { ...edit, input: memberResetPwdInput, audit: { action: 'members.resetPassword' } },
    async (ctx, input) => {
      await member(input.id);
      const passwordHash = await hashPassword(input.password);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, updated_at: Date.now() })
          .where('id', '=', input.id)
          .execute();
        await revokeActorSessions(trx, 'user', input.id);
        await writeAudit(ctx, trx, { target: target(input.id), after: { password: input.password } });
      });
    },
  );
  defineCall(
    app,
    `${A}/members/forceLogout`,
    { ...edit, input: recordIdInput, audit: { action: 'members.forceLogout' } },
    async (ctx, input) => {
      await member(input.id);
      return db.transaction().execute(async (trx) => {
        const revoked = await revokeActorSessions(trx, 'user', input.id);
        await writeAudit(ctx, trx, { target: target(input.id), after: { revoked } });
        return { revokedSessions: revoked };
      });
    },
  );

  // ---- security settings ----
  const set = { auth: 'admin', permission: 'settings.edit' } as const;
  defineCall(
    app,
    `${A}/settings/security`,
    { ...set, input: securitySettingsInput, audit: { action: 'settings.security' } },
    async (ctx, input) => {
      const before = securityThresholds(settings);
      await db.transaction().execute(async (trx) => {
        await settings.set(SecurityKeys.captchaAfter, String(input.captchaAfter), trx);
        await settings.set(SecurityKeys.lockAfter, String(input.lockAfter), trx);
        await settings.set(SecurityKeys.lockMinutes, String(input.lockMinutes), trx);
        await settings.set(SecurityKeys.registerCaptcha, input.registerCaptcha ? '1' : '0', trx);
        await writeAudit(ctx, trx, { target: 'setting:security', before });
      });
    },
  );
}
