import { weixinBindInput, z } from '@kapu/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { lazyModule } from '../../core/lazy-module.js';
import { defineCall } from '../../core/calls.js';
import { businessError } from '../../core/errors.js';
import type { AccountCenterService } from '../accounts/index.js';
import type { OAuthKind, OAuthService } from './oauth.service.js';

const QRCode = lazyModule<typeof import('qrcode')>('qrcode');

const MINUTE = 60_000;
const authorizeInput = z.object({ purpose: z.enum(['login', 'bind'], { error: '授权用途不正确' }) });
const callbackInput = z.object({
  code: z.string({ error: '缺少授权码' }).trim().min(1, { error: '缺少授权码' }).max(512),
  state: z.string({ error: '授权已失效，请重新发起' }).trim().min(1, { error: '授权已失效，请重新发起' }).max(200),
});

/** The site's own origin for redirect URIs, as the browser reached it. */
const originOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

export function registerOAuthRoutes(app: FastifyInstance, oauth: OAuthService, center: AccountCenterService): void {
  // What the public login/register pages need to know: the register captcha switch and the sign-in apps.
  defineCall(app, '/user/authOptions', { limits: [{ max: 60, windowMs: MINUTE }] }, () => oauth.authOptions());
  for (const kind of ['qq', 'wx'] as const satisfies OAuthKind[]) {
    // Login needs no session; binding needs the member's.
    defineCall(
      app,
      `/user/oauth/${kind}/authorize`,
      { input: authorizeInput, limits: [{ max: 30, windowMs: MINUTE }] },
      (ctx, input, req) => {
        const bindTo = input.purpose === 'bind' ? (ctx.actor?.id ?? null) : null;
        if (input.purpose === 'bind' && bindTo === null) throw businessError('USER_SESSION_ENDED');
        return oauth.authorizeUrl(kind, input.purpose, bindTo, originOf(req));
      },
    );
    defineCall(
      app,
      `/user/oauth/${kind}/callback`,
      { input: callbackInput, limits: [{ max: 30, windowMs: MINUTE }] },
      (ctx, input, req) => oauth.callback(ctx, kind, input, originOf(req)),
    );
  }
  defineCall(
    app,
    '/user/oauth/mp/callback',
    { input: callbackInput, limits: [{ max: 30, windowMs: MINUTE }] },
    (ctx, input, req) => oauth.callback(ctx, 'mp', input, originOf(req)),
  );

  // WeChat notice binding: the QR (shown on /mpQrcode) opens the official account's authorize page.
  defineCall(app, '/inside/inter/doWeixinBind', { auth: 'user', input: weixinBindInput }, async (ctx, input, req) => {
    await center.weixinBindFlags(ctx, input);
    const status = await center.weixinBindStatus(ctx);
    if (status.bound) return { ...status, qrcode: null };
    const { url } = await oauth.authorizeUrl('mp', 'mp', ctx.actor.id, originOf(req));
    return { ...status, qrcode: await QRCode().toDataURL(url, { margin: 1, width: 240 }), expiresIn: 600 };
  });
}
