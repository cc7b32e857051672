import { cdkBatchListInput, cdkCodeListInput, cdkGenerateInput, cdkIdInput } from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../core/calls.js';
import { ADMIN_PREFIX } from '../../core/context.js';
import type { CdkService } from './cdk.service.js';

const A = ADMIN_PREFIX;
const MINUTE = 60_000;

/** Admin: batches of codes (cdk.manage): generate (codes exported once), list, void, export status. */
export function registerCdkAdminRoutes(app: FastifyInstance, cdk: CdkService): void {
  const manage = { auth: 'admin', permission: 'cdk.manage' } as const;
  defineCall(
    app,
    `${A}/cdk/generate`,
    {
      ...manage,
      input: cdkGenerateInput,
      audit: { action: 'cdk.generate' },
      limits: [{ max: 30, windowMs: MINUTE }],
      // A big batch's answer is its CSV; the request itself is small.
    },
    (ctx, input) => cdk.generate(ctx, input),
  );
  defineCall(app, `${A}/cdk/batches`, { ...manage, input: cdkBatchListInput }, (_ctx, input) => cdk.batches(input));
  defineCall(app, `${A}/cdk/codes`, { ...manage, input: cdkCodeListInput }, (_ctx, input) => cdk.codes(input));
  defineCall(
    app,
    `${A}/cdk/voidBatch`,
    { ...manage, input: cdkIdInput, audit: { action: 'cdk.voidBatch' } },
    (ctx, input) => cdk.voidBatch(ctx, input.id),
  );
  defineCall(
    app,
    `${A}/cdk/voidCode`,
    { ...manage, input: cdkIdInput, audit: { action: 'cdk.voidCode' } },
    (ctx, input) => cdk.voidCode(ctx, input.id),
  );
  defineCall(
    app,
    `${A}/cdk/exportBatch`,
    { ...manage, input: cdkIdInput, limits: [{ max: 20, windowMs: MINUTE }] },
    (_ctx, input) => cdk.exportBatch(input.id),
  );
}
