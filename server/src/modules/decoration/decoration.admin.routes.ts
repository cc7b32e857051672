import { decorRevertInput, decorSaveInput, decorVersionsInput } from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../core/calls.js';
import { ADMIN_PREFIX } from '../../core/context.js';
import type { DecorationService } from './decoration.service.js';

const A = ADMIN_PREFIX;

/**
 * Staff decorate the request's site (the platform): the owner's calls with settings.edit, each write
 * audited in its transaction (the service records the block types and version numbers, not the page).
 */
export function registerDecorationAdminRoutes(app: FastifyInstance, decor: DecorationService): void {
  const staff = { auth: 'admin', permission: 'settings.edit' } as const;
  defineCall(app, `${A}/decorate/get`, staff, (ctx) => decor.editor(decor.staffTarget(ctx)));
  defineCall(
    app,
    `${A}/decorate/saveDraft`,
    { ...staff, input: decorSaveInput, audit: { action: 'decoration.saveDraft' } },
    (ctx, input) => decor.save(ctx, decor.staffTarget(ctx), input, false),
  );
  defineCall(
    app,
    `${A}/decorate/publish`,
    { ...staff, input: decorSaveInput, audit: { action: 'decoration.publish' } },
    (ctx, input) => decor.save(ctx, decor.staffTarget(ctx), input, true),
  );
  defineCall(app, `${A}/decorate/versions`, { ...staff, input: decorVersionsInput }, (ctx, input) =>
    decor.versions(decor.staffTarget(ctx), input),
  );
  defineCall(
    app,
    `${A}/decorate/revert`,
    { ...staff, input: decorRevertInput, audit: { action: 'decoration.revert' } },
    (ctx, input) => decor.revert(ctx, decor.staffTarget(ctx), input.number, input.publish === 1),
  );
}
