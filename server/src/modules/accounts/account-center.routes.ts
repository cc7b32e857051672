import {
  emailBindInput,
  forgetResetInput,
  forgetSendCodeInput,
  mobileBindInput,
  mobileUnbindInput,
  openApiInput,
  openApiKeyInput,
  openApiStatusInput,
  pageOnlyInput,
  sendMobileCodeInput,
  sessionRevokeInput,
  setNewSalePwdInput,
  setSalePwdInput,
  setSalePwdStatusInput,
  shopPriceInput,
  updateCustomerInput,
  updateLoginNameInput,
  updateLoginPwdInput,
  weixinBindInput,
  type OAuthProvider,
} from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall, type Limit } from '../../core/calls.js';
import type { Db } from '../../core/db/connect.js';
import { createCaptcha } from '../verification/index.js';
import type { AccountCenterService } from './account-center.service.js';

const MINUTE = 60_000;
const I = '/inside/inter';
/** Password-checking calls: a few tries per IP, so a stolen session cannot guess on. */
const passwordLimits: Limit[] = [{ max: 10, windowMs: 10 * MINUTE }];
/** Code sending: per IP, on top of the 60 s / 10 per hour rule per target. */
const sendLimits: Limit[] = [{ max: 5, windowMs: 10 * MINUTE }];

export function registerAccountCenterRoutes(app: FastifyInstance, db: Db, center: AccountCenterService): void {
  defineCall(app, '/user/captcha', { limits: [{ max: 60, windowMs: MINUTE }] }, () => createCaptcha(db));
  defineCall(
    app,
    '/user/forget/sendCode',
    { input: forgetSendCodeInput, limits: [...sendLimits, { max: 5, windowMs: 60 * MINUTE, field: 'target' }] },
    (ctx, input) => center.forgetSendCode(ctx, input),
  );
  defineCall(
    app,
    '/user/forget/reset',
    { input: forgetResetInput, limits: [{ max: 10, windowMs: 10 * MINUTE }] },
    (ctx, input) => center.forgetReset(ctx, input),
  );

  const user = { auth: 'user' as const };
  defineCall(app, `${I}/getAccountSecurity`, user, (ctx) => center.security(ctx));
  defineCall(app, `${I}/updateFrontCustomer`, { ...user, input: updateCustomerInput }, (ctx, input) =>
    center.updateCustomer(ctx, input),
  );
  defineCall(
    app,
    `${I}/updateFrontLoginPwd`,
    { ...user, input: updateLoginPwdInput, limits: passwordLimits },
    (ctx, input) => center.updateLoginPassword(ctx, input),
  );
  defineCall(app, `${I}/setNewSalePwd`, { ...user, input: setNewSalePwdInput, limits: passwordLimits }, (ctx, input) =>
    center.setNewSalePassword(ctx, input),
  );
  defineCall(
    app,
    `${I}/setSalePwdStatus`,
    { ...user, input: setSalePwdStatusInput, limits: passwordLimits },
    (ctx, input) => center.setSalePasswordStatus(ctx, input),
  );
  defineCall(app, `${I}/setSalePwd`, { ...user, input: setSalePwdInput, limits: passwordLimits }, (ctx, input) =>
    center.setSalePasswordOps(ctx, input),
  );

  defineCall(app, `${I}/getWeixinBind`, user, (ctx) => center.weixinBindStatus(ctx));
  defineCall(app, `${I}/doWeixinBindDelete`, user, (ctx) => center.weixinUnbind(ctx));
  const unbind: Array<[string, OAuthProvider]> = [
    ['doUnbindQq', 'qq'],
    ['doUnbindWx', 'wx'],
    ['doUnbindMn', 'mn'],
    ['doUnbindWc', 'wc'],
  ];
  for (const [call, provider] of unbind) defineCall(app, `${I}/${call}`, user, (ctx) => center.unbind(ctx, provider));

  defineCall(
    app,
    `${I}/sendBindMobileCode`,
    { ...user, input: sendMobileCodeInput, limits: sendLimits },
    (ctx, input) => center.sendBindMobileCode(ctx, input),
  );
  defineCall(app, `${I}/doMobileBind`, { ...user, input: mobileBindInput, limits: passwordLimits }, (ctx, input) =>
    center.bindMobile(ctx, input),
  );
  defineCall(app, `${I}/sendUnbindMobileCode`, { ...user, limits: sendLimits }, (ctx) =>
    center.sendUnbindMobileCode(ctx),
  );
  defineCall(app, `${I}/doMobileUnbind`, { ...user, input: mobileUnbindInput, limits: passwordLimits }, (ctx, input) =>
    center.unbindMobile(ctx, input),
  );
  defineCall(app, `${I}/getEmailBind`, user, (ctx) => center.emailBindStatus(ctx));
  defineCall(
    app,
    `${I}/doEmailBind`,
    { ...user, input: emailBindInput, limits: [{ max: 10, windowMs: 10 * MINUTE }] },
    (ctx, input) => center.bindEmail(ctx, input),
  );

  defineCall(app, `${I}/doOpenApiStatus`, { ...user, input: openApiStatusInput }, (ctx, input) =>
    center.setOpenApiStatus(ctx, input),
  );
  defineCall(app, `${I}/doOpenApi`, { ...user, input: openApiInput }, (ctx, input) => center.openApi(ctx, input));
  defineCall(app, `${I}/doOpenApiKey`, { ...user, input: openApiKeyInput, limits: passwordLimits }, (ctx, input) =>
    center.rotateOpenApiKey(ctx, input),
  );
  defineCall(app, `${I}/doShopPrice`, { ...user, input: shopPriceInput }, (ctx, input) =>
    center.setShopPrice(ctx, input),
  );
  defineCall(
    app,
    `${I}/doUpdateLoginName`,
    { ...user, input: updateLoginNameInput, limits: passwordLimits },
    (ctx, input) => center.updateLoginName(ctx, input),
  );

  defineCall(app, `${I}/getSessions`, user, (ctx) => center.sessions(ctx));
  defineCall(app, `${I}/logoutOtherSessions`, user, (ctx) => center.logoutOthers(ctx));
  defineCall(app, `${I}/revokeSession`, { ...user, input: sessionRevokeInput }, async (ctx, input) => {
    if (input.sessionId) await center.revokeOne(ctx, input.sessionId);
  });
  defineCall(app, `${I}/getLoginLogs`, { ...user, input: pageOnlyInput }, (ctx, input) => center.loginLogs(ctx, input));
  // doWeixinBind (the QR scene) lives with the OAuth module; the notice switches are here.
  defineCall(app, `${I}/doWeixinBindFlags`, { ...user, input: weixinBindInput }, async (ctx, input) => {
    await center.weixinBindFlags(ctx, input);
    return center.weixinBindStatus(ctx);
  });
}
