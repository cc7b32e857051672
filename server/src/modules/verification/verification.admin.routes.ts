import { smsSettingsInput, smtpSettingsInput, testMailInput } from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall, writeAudit } from '../../core/calls.js';
import { ADMIN_PREFIX } from '../../core/context.js';
import { businessError } from '../../core/errors.js';
import type { SettingsStore } from '../../core/settings.js';
import type { Deps } from '../../deps.js';
import { MAIL_SETTING, readSmtp, sendMail } from './mail.js';
import { SMS_SETTING, readSms } from './sms.js';
import { secretBoxFor } from './secret-box.js';

const A = ADMIN_PREFIX;

/** The SMTP settings as the admin settings page shows them: the password only as set or not. */
export function smtpSettingsView(settings: SettingsStore) {
  const smtp = readSmtp(settings);
  return smtp
    ? {
        host: smtp.host,
        port: smtp.port,
        secure: smtp.secure,
        user: smtp.user,
        passSet: !!smtp.passEnc,
        from: smtp.from,
      }
    : null;
}

/** The SMS settings as the admin settings page shows them: the secret only as set or not. */
export function smsSettingsView(settings: SettingsStore) {
  const sms = readSms(settings);
  return sms
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
    : null;
}

/** Admin calls on the SMTP and SMS settings (secrets sealed at rest) and the test mail. Every write is audited. */
export function registerVerificationAdminRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, settings, config } = deps;
  const box = secretBoxFor(config.dataDir);
  const set = { auth: 'admin', permission: 'settings.edit' } as const;
  defineCall(
    app,
    `${A}/settings/smtp`,
    {
      ...set,
      input: smtpSettingsInput,
      audit: { action: 'settings.smtp', record: (i) => ({ ...i, pass: i.pass ? 'changed' : 'kept' }) },
    },
    async (ctx, input) => {
      const before = readSmtp(settings);
      const passEnc = input.pass ? box.seal(input.pass) : (before?.passEnc ?? '');
      await db.transaction().execute(async (trx) => {
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
          trx,
        );
        await writeAudit(ctx, trx, { target: 'setting:smtp', before });
      });
    },
  );
  defineCall(
    app,
    `${A}/settings/testMail`,
    { ...set, input: testMailInput, limits: [{ max: 10, windowMs: 600_000 }], audit: { action: 'settings.testMail' } },
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
      // Nothing changed in the database: the row is written on its own.
      await writeAudit(ctx, db, { target: 'setting:smtp' });
    },
  );
  defineCall(
    app,
    `${A}/settings/sms`,
    {
      ...set,
      input: smsSettingsInput,
      audit: {
        action: 'settings.sms',
        record: ({ accessKeySecret, ...rest }) => ({ ...rest, accessKeySecret: accessKeySecret ? 'changed' : 'kept' }),
      },
    },
    async (ctx, input) => {
      const before = readSms(settings);
      const secretEnc = input.accessKeySecret ? box.seal(input.accessKeySecret) : (before?.secretEnc ?? '');
      const { accessKeySecret: _omit, ...rest } = input;
      await db.transaction().execute(async (trx) => {
        await settings.set(SMS_SETTING, JSON.stringify({ ...rest, secretEnc }), trx);
        await writeAudit(ctx, trx, { target: 'setting:sms', before });
      });
    },
  );
}
