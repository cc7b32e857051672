import { ALL_STAFF_PERMISSIONS, recordIdInput, roleSaveInput, staffSaveInput } from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall, writeAudit } from '../../core/calls.js';
import { ADMIN_PREFIX, type ActorContext } from '../../core/context.js';
import { hashPassword } from '../../core/crypto.js';
import { moveStatus } from '../../core/fsm.js';
import { businessError } from '../../core/errors.js';
import { revokeActorSessions } from '../../core/sessions.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { staffMachine, type StaffStatus } from './staff-status.js';
import { parsePermissions } from './staff.service.js';

const A = ADMIN_PREFIX;

/** Admin calls on staff and roles. Every write is audited. */
export function registerStaffAdminRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, config } = deps;
  const fmt = (ms: number | null) => (ms ? formatDateTime(ms, config.timeZone) : '');

  // ---- staff and roles ----
  const staffPerm = { auth: 'admin', permission: 'staff.manage' } as const;
  defineCall(app, `${A}/staff/permissions`, staffPerm, () => ALL_STAFF_PERMISSIONS);
  defineCall(app, `${A}/staff/list`, staffPerm, async () => {
    const rows = await db
      .selectFrom('staff')
      .select([
        'id',
        'username',
        'nickname',
        'role_id',
        'is_super',
        'status',
        'totp_secret',
        'created_at',
        'last_login_at',
      ])
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      username: r.username,
      nickname: r.nickname,
      roleId: r.role_id,
      isSuper: r.is_super === 1,
      status: r.status,
      totpEnabled: !!r.totp_secret,
      createdAt: fmt(r.created_at),
      lastLoginAt: fmt(r.last_login_at),
    }));
  });
  // Nobody grants what they do not hold: a role's permissions must be within the actor's own,
  // both for the role given and for the one being replaced (the super admin holds them all).
  const roleWithin = async (ctx: ActorContext, roleId: number | null | undefined) => {
    if (!roleId) return;
    const role = await db.selectFrom('roles').select('permissions').where('id', '=', roleId).executeTakeFirst();
    if (!role) throw businessError('NOT_FOUND', '角色不存在');
    assertWithin(ctx, parsePermissions(role.permissions));
  };
  const assertWithin = (ctx: ActorContext, permissions: string[]) => {
    if (permissions.some((p) => !ctx.permissions.has(p))) throw businessError('GRANT_BEYOND_OWN');
  };
  /**
   * The one rule for every write to another staff member (update, disable, password, delete):
   * never the super admin, never oneself where it would lock one out, and only staff whose role
   * is within the actor's own permissions — what one may not grant, one may not take away either.
   */
  const mayWriteStaff = async (
    ctx: ActorContext,
    target: { id: number; is_super: number; role_id: number | null },
    removesAccess: boolean,
  ) => {
    if (target.is_super === 1) throw businessError('SUPER_ADMIN_PROTECTED');
    if (removesAccess && target.id === ctx.actor.id) throw businessError('CANNOT_CHANGE_SELF');
    await roleWithin(ctx, target.role_id);
  };
  // Each write and its audit row commit together (ctx.audit in the write's transaction).
  defineCall(
    app,
    `${A}/staff/save`,
    { ...staffPerm, input: staffSaveInput, audit: { action: 'staff.save' } },
    async (ctx, input) => {
      await roleWithin(ctx, input.roleId);
      const dup = await db.selectFrom('staff').select('id').where('username', '=', input.username).executeTakeFirst();
      if (dup && dup.id !== input.id) throw businessError('STAFF_NAME_TAKEN');
      if (!input.id) {
        if (!input.password) throw businessError('BAD_INPUT', '请设置密码', { field: 'password' });
        const passwordHash = await hashPassword(input.password);
        return db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('staff')
            .values({
              username: input.username,
              password_hash: passwordHash,
              nickname: input.nickname ?? '',
              role_id: input.roleId ?? null,
              is_super: 0,
              status: input.status ?? 'active',
              totp_secret: null,
              created_at: Date.now(),
              last_login_at: null,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await writeAudit(ctx, trx, {
            action: 'staff.create',
            target: `staff:${row.id}`,
            after: { ...input, id: row.id },
          });
          return { id: row.id };
        });
      }
      const before = await db
        .selectFrom('staff')
        .select(['id', 'username', 'nickname', 'role_id', 'status', 'is_super'])
        .where('id', '=', input.id)
        .executeTakeFirst();
      if (!before) throw businessError('NOT_FOUND');
      await mayWriteStaff(ctx, before, input.status === 'disabled');
      const id = input.id;
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      const from = before.status as StaffStatus;
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('staff')
          .set({
            username: input.username,
            nickname: input.nickname ?? before.nickname,
            role_id: input.roleId ?? null,
            ...(passwordHash ? { password_hash: passwordHash } : {}),
          })
          .where('id', '=', id)
          .execute();
        if (input.status && input.status !== from && !(await moveStatus(trx, staffMachine, id, from, input.status)))
          throw businessError('CONFLICT');
        if (input.password || input.status === 'disabled') {
          await revokeActorSessions(trx, 'admin', id);
          await revokeActorSessions(trx, 'other', id);
        }
        await writeAudit(ctx, trx, { action: 'staff.update', target: `staff:${id}`, before });
      });
      return { id };
    },
  );
  defineCall(
    app,
    `${A}/staff/delete`,
    { ...staffPerm, input: recordIdInput, audit: { action: 'staff.delete' } },
    async (ctx, input) => {
      const before = await db
        .selectFrom('staff')
        .select(['id', 'username', 'is_super', 'role_id'])
        .where('id', '=', input.id)
        .executeTakeFirst();
      if (!before) throw businessError('NOT_FOUND');
      await mayWriteStaff(ctx, before, true);
      await db.transaction().execute(async (trx) => {
        await revokeActorSessions(trx, 'admin', input.id);
        await revokeActorSessions(trx, 'other', input.id);
        await trx.deleteFrom('staff').where('id', '=', input.id).execute();
        await writeAudit(ctx, trx, { target: `staff:${input.id}`, before, after: null });
      });
    },
  );
  defineCall(app, `${A}/roles/list`, staffPerm, async () => {
    const rows = await db.selectFrom('roles').selectAll().orderBy('id').execute();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      permissions: JSON.parse(r.permissions) as string[],
      createdAt: fmt(r.created_at),
    }));
  });
  defineCall(
    app,
    `${A}/roles/save`,
    { ...staffPerm, input: roleSaveInput, audit: { action: 'roles.save' } },
    async (ctx, input) => {
      const unknown = input.permissions.filter((p) => !(ALL_STAFF_PERMISSIONS as string[]).includes(p));
      if (unknown.length)
        throw businessError('BAD_INPUT', `未知的权限：${unknown.join('、').slice(0, 100)}`, { field: 'permissions' });
      assertWithin(ctx, input.permissions);
      if (input.id) await roleWithin(ctx, input.id);
      const dup = await db.selectFrom('roles').select('id').where('name', '=', input.name).executeTakeFirst();
      if (dup && dup.id !== input.id) throw businessError('ROLE_NAME_TAKEN');
      const permissions = JSON.stringify([...new Set(input.permissions)]);
      if (!input.id) {
        return db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('roles')
            .values({ name: input.name, permissions, created_at: Date.now() })
            .returning('id')
            .executeTakeFirstOrThrow();
          await writeAudit(ctx, trx, { action: 'roles.create', target: `role:${row.id}` });
          return { id: row.id };
        });
      }
      const before = await db.selectFrom('roles').selectAll().where('id', '=', input.id).executeTakeFirst();
      if (!before) throw businessError('NOT_FOUND');
      const id = input.id;
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('roles').set({ name: input.name, permissions }).where('id', '=', id).execute();
        await writeAudit(ctx, trx, { action: 'roles.update', target: `role:${id}`, before });
      });
      return { id };
    },
  );
  defineCall(
    app,
    `${A}/roles/delete`,
    { ...staffPerm, input: recordIdInput, audit: { action: 'roles.delete' } },
    async (ctx, input) => {
      const before = await db.selectFrom('roles').selectAll().where('id', '=', input.id).executeTakeFirst();
      if (!before) throw businessError('NOT_FOUND');
      // Roles follow the same rule: only a role within one's own permissions may be changed or deleted.
      assertWithin(ctx, parsePermissions(before.permissions));
      if (await db.selectFrom('staff').select('id').where('role_id', '=', input.id).executeTakeFirst())
        throw businessError('ROLE_IN_USE');
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('roles').where('id', '=', input.id).execute();
        await writeAudit(ctx, trx, { target: `role:${input.id}`, before, after: null });
      });
    },
  );
}
