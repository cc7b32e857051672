import { ALL_STAFF_PERMISSIONS, roleIdsFor, type Area, type SessionAnswer, type StaffLoginInput, type StaffView } from '@kapu/contract';
import type { RequestContext } from '../../core/context.js';
import { dummyPasswordHash, verifyPassword } from '../../core/crypto.js';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import type { ActorResolution } from '../../core/request-context.js';
import { openSession, revokeSession } from '../../core/sessions.js';
import type { Deps } from '../../deps.js';

type StaffArea = Extract<Area, 'admin' | 'other'>;

async function loadStaff(db: Db, id: number) {
  return db
    .selectFrom('staff')
    .leftJoin('roles', 'roles.id', 'staff.role_id')
    .select(['staff.id', 'staff.username', 'staff.nickname', 'staff.status', 'staff.is_super', 'staff.role_id', 'roles.permissions'])
    .where('staff.id', '=', id)
    .executeTakeFirst();
}

function permissionsOf(staff: { is_super: number; permissions: string | null }): string[] {
  if (staff.is_super === 1) return [...ALL_STAFF_PERMISSIONS];
  try {
    const list: unknown = JSON.parse(staff.permissions ?? '[]');
    return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

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

export function staffService({ db }: Deps) {
  return {
    async login(ctx: RequestContext, area: StaffArea, input: StaffLoginInput): Promise<SessionAnswer> {
      const row = await db
        .selectFrom('staff')
        .select(['id', 'password_hash', 'status'])
        .where('username', '=', input.username)
        .executeTakeFirst();
      const valid = await verifyPassword(input.password, row?.password_hash ?? (await dummyPasswordHash()));
      if (!row || !valid) throw businessError('STAFF_LOGIN_FAILED');
      if (row.status !== 'active') throw businessError('STAFF_DISABLED');
      if (area === 'other') {
        const staff = await loadStaff(db, row.id);
        if (!staff || !permissionsOf(staff).includes('service.desk')) throw businessError('NOT_SERVICE_STAFF');
      }
      const now = Date.now();
      const session = await openSession(db, area, row.id, { ip: ctx.ip, userAgent: ctx.userAgent }, now);
      await db.updateTable('staff').set({ last_login_at: now }).where('id', '=', row.id).execute();
      return { authCode: session.token, expiresAt: new Date(session.expiresAt).toISOString() };
    },

    async logout(ctx: RequestContext): Promise<void> {
      if (ctx.actor) await revokeSession(db, ctx.actor.sessionId);
    },

    async me(ctx: RequestContext): Promise<StaffView> {
      const staff = await loadStaff(db, ctx.actor!.id);
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
