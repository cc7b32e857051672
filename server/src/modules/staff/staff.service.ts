import { writeAudit } from '../../core/calls.js';
import {
  ALL_STAFF_PERMISSIONS,
  roleIdsFor,
  type Area,
  type SessionAnswer,
  type StaffLoginInput,
  type StaffView,
} from '@kapu/contract';
import type { ActorContext, RequestContext } from '../../core/context.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../core/crypto.js';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import type { ActorResolution } from '../../core/request-context.js';
import { openSession, revokeActorSessions, revokeSession } from '../../core/sessions.js';
import type { Deps } from '../../deps.js';
import { generate, generateSecret, generateURI, verify } from 'otplib';
import { loginGuard } from '../accounts/index.js';
import { recordAudit } from '../audit/index.js';
import { secretBoxFor } from '../verification/index.js';

type StaffArea = Extract<Area, 'admin' | 'other'>;

async function loadStaff(db: Db, id: number) {
  return db
    .selectFrom('staff')
    .leftJoin('roles', 'roles.id', 'staff.role_id')
    .select([
      'staff.id',
      'staff.username',
      'staff.nickname',
      'staff.status',
      'staff.is_super',
      'staff.role_id',
      'roles.permissions',
    ])
    .where('staff.id', '=', id)
    .executeTakeFirst();
}

/** A role's stored permission list (JSON array of codes); anything malformed grants nothing. */
export function parsePermissions(json: string | null): string[] {
  try {
    const list: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

function permissionsOf(staff: { is_super: number; permissions: string | null }): string[] {
  return staff.is_super === 1 ? [...ALL_STAFF_PERMISSIONS] : parsePermissions(staff.permissions);
}

/** What staffResolver's query reads (loadStaff). */
export const STAFF_READS = ['staff', 'roles'] as const;
/** Context resolvers: the service desk (other area) also needs the service.desk permission. */
export function staffResolver(area: StaffArea) {
  return async (db: Db, id: number): Promise<ActorResolution> => {
    const staff = await loadStaff(db, id);
    if (!staff) return { refused: '账号不存在，请重新登录' };
    if (staff.status !== 'active') return { refused: '该管理员账号已停用' };
    const permissions = permissionsOf(staff);
    if (area === 'other' && !permissions.includes('service.desk')) return { refused: '该账号没有客服台权限' };
    return { name: staff.username, permissions };
  };
}

/** Checks a TOTP code with one step of clock drift either way. */
async function totpValid(secret: string, code: string): Promise<boolean> {
  try {
    return (await verify({ secret, token: code, epochTolerance: 30 })).valid;
  } catch {
    return false;
  }
}
export { generate as generateTotp };

export function staffService({ db, settings, config }: Deps) {
  const guard = loginGuard(db, settings);
  const box = secretBoxFor(config.dataDir);
  return {
    async login(ctx: RequestContext, area: StaffArea, input: StaffLoginInput): Promise<SessionAnswer> {
      const row = await db
        .selectFrom('staff')
        .select(['id', 'password_hash', 'status'])
        .where('username', '=', input.username)
        .executeTakeFirst();
      const key = `s:${input.username.toLowerCase()}`;
      await guard.check(area, key, ctx.ip, input);
      const valid = await verifyPassword(input.password, row?.password_hash ?? (await dummyPasswordHash()));
      // Every password login of staff is in the audit log, failures too (never the password).
      const audit = (action: 'staff.login' | 'staff.loginFailed', why?: string) =>
        recordAudit(
          db,
          { ...ctx, actor: { area, id: row?.id ?? 0, sessionId: 0, name: input.username.slice(0, 50) } },
          action,
          row ? `staff:${row.id}` : 'staff:',
          null,
          { area: area === 'admin' ? '管理后台' : '客服台', ...(why ? { reason: why } : {}) },
        );
      if (!row || !valid) {
        await audit('staff.loginFailed', '用户名或密码错误');
        throw businessError('STAFF_LOGIN_FAILED', undefined, await guard.fail(area, key, ctx.ip));
      }
      if (row.status !== 'active') throw businessError('STAFF_DISABLED');
      const totp = await db
        .selectFrom('staff')
        .select('totp_secret')
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      if (totp.totp_secret) {
        if (!input.totp) throw businessError('TOTP_REQUIRED', undefined, { totpRequired: true });
        if (!(await totpValid(box.open(totp.totp_secret), input.totp))) {
          await audit('staff.loginFailed', '两步验证码错误');
          throw businessError('TOTP_WRONG', undefined, {
            totpRequired: true,
            ...(await guard.fail(area, key, ctx.ip)),
          });
        }
      }
      await guard.succeed(area, key);
      if (area === 'other') {
        const staff = await loadStaff(db, row.id);
        if (!staff || !permissionsOf(staff).includes('service.desk')) throw businessError('NOT_SERVICE_STAFF');
      }
      const now = Date.now();
      const session = await openSession(db, area, row.id, { ip: ctx.ip, userAgent: ctx.userAgent }, now);
      await db.updateTable('staff').set({ last_login_at: now }).where('id', '=', row.id).execute();
      await audit('staff.login');
      return { authCode: session.token, expiresAt: new Date(session.expiresAt).toISOString() };
    },

    /**
     * Any staff member (the super admin too) changes their own password: the current one is
     * required, and every other session of theirs ends (this one stays).
     */
    async changeOwnPassword(ctx: ActorContext, input: { currentPassword: string; newPassword: string }) {
      const me = ctx.actor;
      const row = await db
        .selectFrom('staff')
        .select('password_hash')
        .where('id', '=', me.id)
        .executeTakeFirstOrThrow();
      if (!(await verifyPassword(input.currentPassword, row.password_hash)))
        throw businessError('OLD_PASSWORD_WRONG', '当前密码错误');
      const passwordHash = await hashPassword(input.newPassword);
      const answer = await db.transaction().execute(async (trx) => {
        await trx.updateTable('staff').set({ password_hash: passwordHash }).where('id', '=', me.id).execute();
        const ended =
          (await revokeActorSessions(trx, 'admin', me.id, me.sessionId)) +
          (await revokeActorSessions(trx, 'other', me.id, me.sessionId));
        await writeAudit(ctx, trx, {
          action: 'staff.changeOwnPassword',
          target: `staff:${me.id}`,
          before: null,
          after: { endedSessions: ended },
        });
        return { endedSessions: ended };
      });
      // Evict the session caches again after commit: a request in between may have re-read the
      // not yet revoked sessions (the updates find nothing left to revoke).
      await revokeActorSessions(db, 'admin', me.id, me.sessionId);
      await revokeActorSessions(db, 'other', me.id, me.sessionId);
      return answer;
    },

    /** Step 1 of turning TOTP on: a new secret (shown once, as an otpauth URI) awaiting a code. */
    async totpSetup(ctx: ActorContext) {
      const secret = generateSecret();
      await db
        .updateTable('staff')
        .set({ totp_pending: box.seal(secret) })
        .where('id', '=', ctx.actor.id)
        .execute();
      return { secret, uri: generateURI({ issuer: ctx.site.title, label: ctx.actor.name, secret }) };
    },
    async totpEnable(ctx: ActorContext, code: string) {
      const row = await db
        .selectFrom('staff')
        .select('totp_pending')
        .where('id', '=', ctx.actor.id)
        .executeTakeFirstOrThrow();
      if (!row.totp_pending) throw businessError('TOTP_NOT_PENDING');
      if (!(await totpValid(box.open(row.totp_pending), code))) throw businessError('TOTP_WRONG');
      const secret = row.totp_pending;
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('staff')
          .set({ totp_secret: secret, totp_pending: null })
          .where('id', '=', ctx.actor.id)
          .execute();
        await writeAudit(ctx, trx, {
          action: 'staff.totpEnable',
          target: `staff:${ctx.actor.id}`,
          before: null,
          after: { totp: 'on' },
        });
      });
    },
    async totpDisable(ctx: ActorContext, code: string) {
      const row = await db
        .selectFrom('staff')
        .select('totp_secret')
        .where('id', '=', ctx.actor.id)
        .executeTakeFirstOrThrow();
      if (!row.totp_secret) return;
      if (!(await totpValid(box.open(row.totp_secret), code))) throw businessError('TOTP_WRONG');
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('staff').set({ totp_secret: null }).where('id', '=', ctx.actor.id).execute();
        await writeAudit(ctx, trx, {
          action: 'staff.totpDisable',
          target: `staff:${ctx.actor.id}`,
          before: { totp: 'on' },
          after: { totp: 'off' },
        });
      });
    },

    async logout(ctx: RequestContext): Promise<void> {
      if (ctx.actor) await revokeSession(db, ctx.actor.sessionId);
    },

    async me(ctx: ActorContext): Promise<StaffView> {
      const staff = await loadStaff(db, ctx.actor.id);
      if (!staff) throw businessError('NOT_FOUND');
      return {
        username: staff.username,
        nickname: staff.nickname || staff.username,
        roleIds: roleIdsFor(ctx.permissions),
        verifyRole: staff.is_super !== 1,
        access: [...ctx.permissions],
      };
    },
  };
}
export type StaffService = ReturnType<typeof staffService>;
