import {
  decorRevertInput,
  decorSaveInput,
  decorSiteInput,
  decorVersionsInput,
  type SiteLayoutView,
} from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { JsonText } from '../../core/envelope.js';
import { defineCall } from '../../core/calls.js';
import type { DecorationService } from './decoration.service.js';

/** A site whose version has no decoration shows the default home page. */
const NO_LAYOUT = new JsonText<SiteLayoutView | null>('null');

/**
 * The storefront's read of the request's site layout, and the owner's calls on their own site
 * (`/vip/decorate/*`; a `path` given must be theirs). Staff's calls are in decoration.admin.routes.ts.
 */
export function registerDecorationRoutes(app: FastifyInstance, decor: DecorationService): void {
  defineCall(app, '/site/layout', {}, (ctx) => (ctx.site.decorated ? decor.siteLayout(ctx.site.id) : NO_LAYOUT));

  const owner = { auth: 'user' } as const;
  /** Saving is a click, not a loop: a generous budget per address bounds the writes. */
  const writes = { ...owner, limits: [{ max: 60, windowMs: 60_000 }] };
  defineCall(app, '/vip/decorate/get', { ...owner, input: decorSiteInput }, async (ctx, input) =>
    decor.editor(await decor.ownerTarget(ctx, input.path)),
  );
  defineCall(app, '/vip/decorate/saveDraft', { ...writes, input: decorSaveInput }, async (ctx, input) =>
    decor.save(ctx, await decor.ownerTarget(ctx, input.path), input, false),
  );
  defineCall(app, '/vip/decorate/publish', { ...writes, input: decorSaveInput }, async (ctx, input) =>
    decor.save(ctx, await decor.ownerTarget(ctx, input.path), input, true),
  );
  defineCall(app, '/vip/decorate/versions', { ...owner, input: decorVersionsInput }, async (ctx, input) =>
    decor.versions(await decor.ownerTarget(ctx, input.path), input),
  );
  defineCall(app, '/vip/decorate/revert', { ...writes, input: decorRevertInput }, async (ctx, input) =>
    decor.revert(ctx, await decor.ownerTarget(ctx, input.path), input.number, input.publish === 1),
  );
}
