import {
  adminCertifyApproveInput,
  adminCertifyListInput,
  adminCertifyRejectInput,
  certifyAlipayStartInput,
  certifyResultInput,
  certifySettingsInput,
  certifySubmitInput,
} from '@kapu/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineCall, writeAudit } from '../../core/calls.js';
import { ADMIN_PREFIX } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';
import type { CertifyService } from './certify.service.js';

const MINUTE = 60_000;
const originOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/** Member calls under /inside/certify, Alipay's notify endpoints, admin review and settings. */
export function registerCertifyRoutes(app: FastifyInstance, db: Db, certify: CertifyService): void {
  const member = { auth: 'user' as const };
  const perIp = (max: number) => [{ max, windowMs: MINUTE }];
  defineCall(app, '/inside/certify/status', member, (ctx) => certify.status(ctx));
  defineCall(app, '/inside/certify/submit', { ...member, input: certifySubmitInput, limits: perIp(10) }, (ctx, input) =>
    certify.submit(ctx, input),
  );
  defineCall(
    app,
    '/inside/certify/alipayStart',
    { ...member, input: certifyAlipayStartInput, limits: perIp(10) },
    (ctx, input, req) => certify.alipayStart(ctx, input, originOf(req)),
  );
  defineCall(
    app,
    '/inside/certify/alipayResult',
    { ...member, input: certifyResultInput, limits: perIp(30) },
    (ctx, input, req) => certify.alipayResult(ctx, input.certifyId, originOf(req)),
  );

  // Alipay's async notify (POST form); GET of the same path is the web page.
  for (const path of ['/certify/alipayFaceNotify', '/certify/alipayCodeNotify']) {
    app.post(path, async (req, reply) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const params: Record<string, string> = {};
      for (const [k, v] of Object.entries(body)) if (v !== undefined && v !== null) params[k] = String(v);
      const ok = await certify.notify(params, originOf(req));
      return reply
        .code(200)
        .type('text/plain')
        .send(ok ? 'success' : 'fail');
    });
  }

  const A = ADMIN_PREFIX;
  const edit = { auth: 'admin', permission: 'members.edit' } as const;
  defineCall(app, `${A}/certify/list`, { ...edit, input: adminCertifyListInput }, (_ctx, input) => certify.list(input));
  defineCall(
    app,
    `${A}/certify/approve`,
    { ...edit, input: adminCertifyApproveInput, audit: { action: 'certify.approve' } },
    async (ctx, input) => {
      const row = await certify.row(input.id);
      await certify.approve(ctx, row);
      await writeAudit(ctx, db, {
        action: 'certify.approve',
        target: `user:${row.user_id}`,
        before: { id: row.id, status: row.status },
        after: { id: row.id, status: 'passed' },
      });
      return null;
    },
  );
  defineCall(
    app,
    `${A}/certify/reject`,
    { ...edit, input: adminCertifyRejectInput, audit: { action: 'certify.reject' } },
    async (ctx, input) => {
      const row = await certify.row(input.id);
      await certify.reject(ctx, row, input.reason);
      return null;
    },
  );
  defineCall(app, `${A}/certify/settings`, edit, () => certify.settingsView());
  defineCall(
    app,
    `${A}/certify/saveSettings`,
    { ...edit, input: certifySettingsInput, audit: { action: 'certify.settings' } },
    async (ctx, input) => {
      const before = certify.settingsView();
      await certify.saveSettings(input);
      const after = certify.settingsView();
      await writeAudit(ctx, db, {
        action: 'certify.settings',
        target: 'setting:certify',
        before: before,
        after: {
          ...after,
          privateKey: input.privateKey ? 'changed' : 'kept',
        },
      });
      return after;
    },
  );
}
