import {
  marketPutOnInput,
  priceRuleIdInput,
  priceRuleSaveInput,
  roundingInput,
  siteDirsResetInput,
  siteDirsSaveInput,
  siteGoodsHiddenInput,
  siteGoodsListInput,
  siteGoodsPreviewInput,
} from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../core/calls.js';
import type { Deps } from '../../deps.js';
import { priceRulesService } from './price-rules.js';
import type { ShelfCatalog } from './seller.js';
import { shelfService } from './shelf.js';

/**
 * The site owner's selling (分站管理: /vip/shop, /vip/vipGoods, /vip/market, /vip/vipDirectory and
 * /inside/adjustPrice): member calls that act on the caller's own site only (NOT_SITE_OWNER otherwise).
 */
export function registerSiteOwnerRoutes(app: FastifyInstance, deps: Deps, catalog: ShelfCatalog): void {
  const rules = priceRulesService(deps, catalog);
  const shelf = shelfService(deps, catalog);
  const user = { auth: 'user' } as const;
  // Writes recompute prices everywhere (the rules cache is cleared on every instance): a budget per IP.
  const writes = { ...user, limits: [{ max: 120, windowMs: 60_000 }] };

  defineCall(app, '/vip/priceRule/getList', user, (ctx) => rules.list(ctx));
  defineCall(
    app,
    '/vip/priceRule/save',
    { ...writes, input: priceRuleSaveInput, audit: { action: 'siteOwner.ruleSave' } },
    (ctx, input) => rules.save(ctx, input),
  );
  defineCall(
    app,
    '/vip/priceRule/delete',
    { ...writes, input: priceRuleIdInput, audit: { action: 'siteOwner.ruleDelete' } },
    (ctx, input) => rules.remove(ctx, input.id),
  );
  defineCall(
    app,
    '/vip/priceRule/setRounding',
    { ...writes, input: roundingInput, audit: { action: 'siteOwner.rounding' } },
    (ctx, input) => rules.setRounding(ctx, input.rounding),
  );

  defineCall(app, '/vip/siteGoods/getList', { ...user, input: siteGoodsListInput }, (ctx, input) =>
    shelf.list(ctx, input),
  );
  defineCall(
    app,
    '/vip/siteGoods/preview',
    { ...user, input: siteGoodsPreviewInput, limits: [{ max: 120, windowMs: 60_000 }] },
    (ctx, input) => shelf.preview(ctx, input),
  );
  defineCall(
    app,
    '/vip/siteGoods/setHidden',
    { ...writes, input: siteGoodsHiddenInput, audit: { action: 'siteOwner.shelf' } },
    (ctx, input) => shelf.setHidden(ctx, input.ids, input.hidden),
  );
  defineCall(
    app,
    '/vip/market/putOn',
    { ...writes, input: marketPutOnInput, audit: { action: 'siteOwner.putOn' } },
    (ctx, input) => shelf.putOn(ctx, input),
  );

  defineCall(app, '/vip/siteDir/getList', user, (ctx) => shelf.dirs(ctx));
  defineCall(
    app,
    '/vip/siteDir/save',
    { ...writes, input: siteDirsSaveInput, audit: { action: 'siteOwner.dirsSave' } },
    (ctx, input) => shelf.saveDirs(ctx, input),
  );
  defineCall(
    app,
    '/vip/siteDir/reset',
    { ...writes, input: siteDirsResetInput, audit: { action: 'siteOwner.dirsReset' } },
    (ctx, input) => shelf.resetDirs(ctx, input.dirId),
  );
}
