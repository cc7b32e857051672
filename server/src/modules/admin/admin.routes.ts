import { describeDevice } from '../../core/user-agent.js';
import {
  ALL_STAFF_PERMISSIONS,
  adminPathInput,
  announcementListInput,
  announcementSaveInput,
  auditSearchInput,
  memberResetPwdInput,
  memberSearchInput,
  memberStatusInput,
  oauthSettingsInput,
  recordIdInput,
  roleSaveInput,
  securitySettingsInput,
  serviceContactsInput,
  siteSettingsInput,
  smsSettingsInput,
  smtpSettingsInput,
  staffSaveInput,
  testMailInput,
} from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../core/calls.js';
import { ADMIN_PREFIX, type RequestContext } from '../../core/context.js';
import { parsePermissions } from '../staff/index.js';
import { hashPassword } from '../../core/crypto.js';
import { businessError } from '../../core/errors.js';
import { revokeActorSessions } from '../../core/sessions.js';
import { SettingKeys } from '../../core/settings.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { SecurityKeys, securityThresholds } from '../accounts/index.js';
import { listAudit, recordAudit } from '../audit/index.js';
import { SERVICE_SETTING, sanitizeRichText, type ContentService } from '../content/index.js';
import { oauthSettingKey, type OAuthApp } from '../oauth/index.js';
import { MAIL_SETTING, SMS_SETTING, readSms, readSmtp, secretBoxFor, sendMail } from '../verification/index.js';

const A = ADMIN_PREFIX;

/** Admin calls: members, staff and roles, settings, announcements, audit log. Every write is audited. */
export function registerAdminRoutes(
  app: FastifyInstance,
  deps: Deps,
  content: ContentService,
  reloadPlatform: () => Promise<void>,
): void {
  const { db, settings, config } = deps;
  const box = secretBoxFor(config.dataDir);
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

  // ---- staff and roles ----
  const staffPerm = { auth: 'admin' as const, permission: 'staff.manage' };
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
  const roleWithin = async (ctx: RequestContext, roleId: number | null | undefined) => {
    if (!roleId) return;
    const role = await db.selectFrom('roles').select('permissions').where('id', '=', roleId).executeTakeFirst();
    if (!role) throw businessError('NOT_FOUND', '角色不存在');
    assertWithin(ctx, parsePermissions(role.permissions));
  };
  const assertWithin = (ctx: RequestContext, permissions: string[]) => {
    if (permissions.some((p) => !ctx.permissions.has(p))) throw businessError('GRANT_BEYOND_OWN');
  };
  /**
   * The one rule for every write to another staff member (update, disable, password, delete):
   * never the super admin, never oneself where it would lock one out, and only staff whose role
   * is within the actor's own permissions — what one may not grant, one may not take away either.
   */
  const mayWriteStaff = async (
    ctx: RequestContext,
    target: { id: number; is_super: number; role_id: number | null },
    removesAccess: boolean,
  ) => {
    if (target.is_super === 1) throw businessError('SUPER_ADMIN_PROTECTED');
    if (removesAccess && target.id === ctx.actor!.id) throw businessError('CANNOT_CHANGE_SELF');
    await roleWithin(ctx, target.role_id);
  };
  defineCall(app, `${A}/staff/save`, { ...staffPerm, input: staffSaveInput }, async (ctx, input) => {
    await roleWithin(ctx, input.roleId);
    const dup = await db.selectFrom('staff').select('id').where('username', '=', input.username).executeTakeFirst();
    if (dup && dup.id !== input.id) throw businessError('STAFF_NAME_TAKEN');
    if (!input.id) {
      if (!input.password) throw businessError('BAD_INPUT', '请设置密码', { field: 'password' });
      const row = await db
        .insertInto('staff')
        .values({
          username: input.username,
          password_hash: await hashPassword(input.password),
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
      await audit(ctx, 'staff.create', `staff:${row.id}`, null, { ...input, id: row.id });
      return { id: row.id };
    }
    const before = await db
      .selectFrom('staff')
      .select(['id', 'username', 'nickname', 'role_id', 'status', 'is_super'])
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (!before) throw businessError('NOT_FOUND');
    await mayWriteStaff(ctx, before, input.status === 'disabled');
    await db
      .updateTable('staff')
      .set({
        username: input.username,
        nickname: input.nickname ?? before.nickname,
        role_id: input.roleId ?? null,
        status: input.status ?? before.status,
        ...(input.password ? { password_hash: await hashPassword(input.password) } : {}),
      })
      .where('id', '=', input.id)
      .execute();
    if (input.password || input.status === 'disabled')
      await revokeActorSessions(db, 'admin', input.id).then(() => revokeActorSessions(db, 'other', input.id!));
    await audit(ctx, 'staff.update', `staff:${input.id}`, before, input);
    return { id: input.id };
  });
  defineCall(app, `${A}/staff/delete`, { ...staffPerm, input: recordIdInput }, async (ctx, input) => {
    const before = await db
      .selectFrom('staff')
      .select(['id', 'username', 'is_super', 'role_id'])
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (!before) throw businessError('NOT_FOUND');
    await mayWriteStaff(ctx, before, true);
    await revokeActorSessions(db, 'admin', input.id);
    await revokeActorSessions(db, 'other', input.id);
    await db.deleteFrom('staff').where('id', '=', input.id).execute();
    await audit(ctx, 'staff.delete', `staff:${input.id}`, before, null);
  });
  defineCall(app, `${A}/roles/list`, staffPerm, async () => {
    const rows = await db.selectFrom('roles').selectAll().orderBy('id').execute();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      permissions: JSON.parse(r.permissions) as string[],
      createdAt: fmt(r.created_at),
    }));
  });
  defineCall(app, `${A}/roles/save`, { ...staffPerm, input: roleSaveInput }, async (ctx, input) => {
    const unknown = input.permissions.filter((p) => !(ALL_STAFF_PERMISSIONS as string[]).includes(p));
    if (unknown.length)
      throw businessError('BAD_INPUT', `未知的权限：${unknown.join('、').slice(0, 100)}`, { field: 'permissions' });
    assertWithin(ctx, input.permissions);
    if (input.id) await roleWithin(ctx, input.id);
    const dup = await db.selectFrom('roles').select('id').where('name', '=', input.name).executeTakeFirst();
    if (dup && dup.id !== input.id) throw businessError('ROLE_NAME_TAKEN');
    const permissions = JSON.stringify([...new Set(input.permissions)]);
    if (!input.id) {
      const row = await db
        .insertInto('roles')
        .values({ name: input.name, permissions, created_at: Date.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await audit(ctx, 'roles.create', `role:${row.id}`, null, input);
      return { id: row.id };
    }
    const before = await db.selectFrom('roles').selectAll().where('id', '=', input.id).executeTakeFirst();
    if (!before) throw businessError('NOT_FOUND');
    await db.updateTable('roles').set({ name: input.name, permissions }).where('id', '=', input.id).execute();
    await audit(ctx, 'roles.update', `role:${input.id}`, before, input);
    return { id: input.id };
  });
  defineCall(app, `${A}/roles/delete`, { ...staffPerm, input: recordIdInput }, async (ctx, input) => {
    const before = await db.selectFrom('roles').selectAll().where('id', '=', input.id).executeTakeFirst();
    if (!before) throw businessError('NOT_FOUND');
    // Roles follow the same rule: only a role within one's own permissions may be changed or deleted.
    assertWithin(ctx, parsePermissions(before.permissions));
    if (await db.selectFrom('staff').select('id').where('role_id', '=', input.id).executeTakeFirst())
      throw businessError('ROLE_IN_USE');
    await db.deleteFrom('roles').where('id', '=', input.id).execute();
    await audit(ctx, 'roles.delete', `role:${input.id}`, before, null);
  });

  // ---- audit ----
  defineCall(app, `${A}/audit/list`, { auth: 'admin', permission: 'audit.view', input: auditSearchInput }, (_ctx, f) =>
    listAudit(db, config.timeZone, f),
  );

  // ---- settings ----
  const set = { auth: 'admin' as const, permission: 'settings.edit' };
  defineCall(app, `${A}/settings/get`, set, () => {
    const smtp = readSmtp(settings);
    const sms = readSms(settings);
    const oauth = Object.fromEntries(
      (['qq', 'wx', 'mp'] as const).map((k) => {
        const raw = settings.get(oauthSettingKey(k));
        const o = raw ? (JSON.parse(raw) as OAuthApp) : null;
        return [
          k,
          o
            ? {
                enabled: o.enabled,
                appId: o.appId,
                appSecretSet: !!o.secretEnc,
                authorizeUrl: o.authorizeUrl,
                tokenUrl: o.tokenUrl,
                userInfoUrl: o.userInfoUrl,
              }
            : null,
        ];
      }),
    );
    return {
      adminPath: settings.adminPath,
      security: securityThresholds(settings),
      smtp: smtp
        ? {
            host: smtp.host,
            port: smtp.port,
            secure: smtp.secure,
            user: smtp.user,
            passSet: !!smtp.passEnc,
            from: smtp.from,
          }
        : null,
      sms: sms
        ? {
            provider: sms.provider,
            accessKeyId: sms.accessKeyId,
            accessKeySecretSet: !!sms.secretEnc,
            signName: sms.signName,
            templateCode: sms.templateCode,
            sdkAppId: sms.sdkAppId,
            region: sms.region,
            endpoint: sms.endpoint ?? '',
          }
        : null,
      oauth,
      service: content.service(),
    };
  });
  defineCall(app, `${A}/settings/site`, { ...set, input: siteSettingsInput }, async (ctx, input) => {
    const before = await db
      .selectFrom('sites')
      .select(['title', 'subtitle'])
      .where('id', '=', ctx.site.id)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('sites')
      .set({ title: input.title ?? before.title, subtitle: input.subtitle ?? before.subtitle })
      .where('id', '=', ctx.site.id)
      .execute();
    await reloadPlatform();
    await audit(ctx, 'settings.site', `site:${ctx.site.id}`, before, input);
  });
  defineCall(app, `${A}/settings/adminPath`, { ...set, input: adminPathInput }, async (ctx, input) => {
    const path = input.adminPath;
    if (!/^[A-Za-z0-9]{4,32}$/.test(path)) throw businessError('ADMIN_PATH_INVALID');
    if (app.isReservedPath(path)) throw businessError('ADMIN_PATH_RESERVED');
    const before = settings.adminPath;
    await settings.set(SettingKeys.adminPath, path);
    await audit(ctx, 'settings.adminPath', 'setting:adminPath', { adminPath: before }, { adminPath: path });
    return { adminPath: path };
  });
  defineCall(app, `${A}/settings/security`, { ...set, input: securitySettingsInput }, async (ctx, input) => {
    const before = securityThresholds(settings);
    await settings.set(SecurityKeys.captchaAfter, String(input.captchaAfter));
    await settings.set(SecurityKeys.lockAfter, String(input.lockAfter));
    await settings.set(SecurityKeys.lockMinutes, String(input.lockMinutes));
    await settings.set(SecurityKeys.registerCaptcha, input.registerCaptcha ? '1' : '0');
    await audit(ctx, 'settings.security', 'setting:security', before, input);
  });
  defineCall(app, `${A}/settings/smtp`, { ...set, input: smtpSettingsInput }, async (ctx, input) => {
    const before = readSmtp(settings);
    const passEnc = input.pass ? box.seal(input.pass) : (before?.passEnc ?? '');
    await settings.set(
      MAIL_SETTING,
      JSON.stringify({
        host: input.host,
        port: input.port,
        secure: input.secure,
        user: input.user,
        passEnc,
        from: input.from,
      }),
    );
    await audit(ctx, 'settings.smtp', 'setting:smtp', before, { ...input, pass: input.pass ? 'changed' : 'kept' });
  });
  defineCall(
    app,
    `${A}/settings/testMail`,
    { ...set, input: testMailInput, limits: [{ max: 10, windowMs: 600_000 }] },
    async (ctx, input) => {
      try {
        await sendMail(
          settings,
          box,
          input.to,
          `【${ctx.site.title}】测试邮件`,
          '这是一封测试邮件：收到即表示 SMTP 设置正确。',
        );
      } catch (err) {
        if (err && typeof err === 'object' && 'code' in err && (err as { code: unknown }).code === 1124) throw err;
        throw businessError(
          'MAIL_TEST_FAILED',
          `测试邮件发送失败：${err instanceof Error ? err.message.slice(0, 200) : ''}`,
        );
      }
      await audit(ctx, 'settings.testMail', 'setting:smtp', null, { to: input.to });
    },
  );
  defineCall(app, `${A}/settings/sms`, { ...set, input: smsSettingsInput }, async (ctx, input) => {
    const before = readSms(settings);
    const secretEnc = input.accessKeySecret ? box.seal(input.accessKeySecret) : (before?.secretEnc ?? '');
    const { accessKeySecret: _omit, ...rest } = input;
    await settings.set(SMS_SETTING, JSON.stringify({ ...rest, secretEnc }));
    await audit(ctx, 'settings.sms', 'setting:sms', before, {
      ...rest,
      accessKeySecret: input.accessKeySecret ? 'changed' : 'kept',
    });
  });
  defineCall(app, `${A}/settings/oauth`, { ...set, input: oauthSettingsInput }, async (ctx, input) => {
    const key = oauthSettingKey(input.provider);
    const raw = settings.get(key);
    const before = raw ? (JSON.parse(raw) as OAuthApp) : null;
    const next: OAuthApp = {
      enabled: input.enabled,
      appId: input.appId,
      secretEnc: input.appSecret ? box.seal(input.appSecret) : (before?.secretEnc ?? ''),
      authorizeUrl: input.authorizeUrl ?? '',
      tokenUrl: input.tokenUrl ?? '',
      userInfoUrl: input.userInfoUrl ?? '',
    };
    await settings.set(key, JSON.stringify(next));
    await audit(ctx, 'settings.oauth', `setting:oauth.${input.provider}`, before, next);
  });
  defineCall(app, `${A}/settings/service`, { ...set, input: serviceContactsInput }, async (ctx, input) => {
    const before = content.service();
    await settings.set(SERVICE_SETTING, JSON.stringify(input));
    await audit(ctx, 'settings.service', 'setting:service', before, input);
  });

  // ---- announcements ----
  defineCall(app, `${A}/announcements/list`, { ...set, input: announcementListInput }, (ctx, input) =>
    content.list(ctx, input, true),
  );
  defineCall(app, `${A}/announcements/save`, { ...set, input: announcementSaveInput }, async (ctx, input) => {
    const values = {
      title: input.title,
      content_html: sanitizeRichText(input.content),
      pinned: input.pinned ? 1 : 0,
      popup: input.popup ? 1 : 0,
      status: input.status,
      updated_at: Date.now(),
    };
    if (!input.id) {
      const row = await db
        .insertInto('announcements')
        .values({ ...values, site_id: ctx.site.id, created_by: ctx.actor!.id, created_at: values.updated_at })
        .returning('id')
        .executeTakeFirstOrThrow();
      await audit(ctx, 'announcements.create', `announcement:${row.id}`, null, values);
      return { id: row.id };
    }
    const before = await db
      .selectFrom('announcements')
      .selectAll()
      .where('id', '=', input.id)
      .where('site_id', '=', ctx.site.id)
      .executeTakeFirst();
    if (!before) throw businessError('NOT_FOUND');
    await db.updateTable('announcements').set(values).where('id', '=', input.id).execute();
    await audit(ctx, 'announcements.update', `announcement:${input.id}`, before, values);
    return { id: input.id };
  });
  defineCall(app, `${A}/announcements/delete`, { ...set, input: recordIdInput }, async (ctx, input) => {
    const before = await db
      .selectFrom('announcements')
      .selectAll()
      .where('id', '=', input.id)
      .where('site_id', '=', ctx.site.id)
      .executeTakeFirst();
    if (!before) throw businessError('NOT_FOUND');
    await db.deleteFrom('announcements').where('id', '=', input.id).execute();
    await audit(ctx, 'announcements.delete', `announcement:${input.id}`, before, null);
  });
}
