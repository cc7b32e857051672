import {
  cdkCheckInput,
  cdkIdInput,
  cdkRedeemBalanceInput,
  cdkRedeemGoodsInput,
  cdkShortInput,
  myCdkCreateInput,
  myCdkListInput,
} from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall, type Limit } from '../../core/calls.js';
import type { CdkService } from './cdk.service.js';
import type { CdkRedeemer } from './redeem.js';

const MINUTE = 60_000;

/**
 * Guessing is bounded twice (decision 0013): every call that takes a code or a short id shares one
 * budget per IP and one per signed-in member, whatever page it comes from. With 120-bit codes this
 * is belt and braces, and it keeps scripts from probing the table.
 */
export const CDK_GUESS_LIMITS: Limit[] = [
  { max: 30, windowMs: 10 * MINUTE, scope: 'cdk.guess' },
  { max: 20, windowMs: 10 * MINUTE, scope: 'cdk.guess', perActor: true },
];

/** Redeeming (/cdk/*, public or member) and a member's own codes (/inside/cdk). */
export function registerCdkRoutes(app: FastifyInstance, redeemer: CdkRedeemer, cdk: CdkService): void {
  const guarded = { limits: CDK_GUESS_LIMITS };
  defineCall(app, '/cdk/short', { ...guarded, input: cdkShortInput }, (_ctx, input) => redeemer.short(input.short));
  defineCall(app, '/cdk/check', { ...guarded, input: cdkCheckInput }, (_ctx, input) => redeemer.check(input.code));
  defineCall(app, '/cdk/redeemBalance', { ...guarded, auth: 'user', input: cdkRedeemBalanceInput }, (ctx, input) =>
    redeemer.redeemBalance(ctx, input.code),
  );
  // Members and visitors: a member session makes it the member's order.
  defineCall(app, '/cdk/redeemGoods', { ...guarded, input: cdkRedeemGoodsInput }, (ctx, input) =>
    redeemer.redeemGoods(ctx, input),
  );

  const mine = { auth: 'user' } as const;
  defineCall(
    app,
    '/inside/cdk/create',
    { ...mine, input: myCdkCreateInput, limits: [{ max: 20, windowMs: MINUTE }] },
    (ctx, input) => cdk.createMine(ctx, input),
  );
  defineCall(app, '/inside/cdk/list', { ...mine, input: myCdkListInput }, (ctx, input) => cdk.listMine(ctx, input));
  defineCall(
    app,
    '/inside/cdk/reveal',
    { ...mine, input: cdkIdInput, limits: [{ max: 60, windowMs: MINUTE }] },
    (ctx, input) => cdk.revealMine(ctx, input.id),
  );
  defineCall(
    app,
    '/inside/cdk/void',
    { ...mine, input: cdkIdInput, limits: [{ max: 30, windowMs: MINUTE }] },
    (ctx, input) => cdk.voidMine(ctx, input.id),
  );
}
