import {
  promotionCollectInput,
  promotionCollectsInput,
  promotionCustomerListInput,
  promotionDetailsInput,
  promotionSiteRatesInput,
} from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../core/calls.js';
import type { PromotionPosters } from './poster.js';
import type { PromotionRates } from './promotion-rates.js';
import type { PromotionService } from './promotion.service.js';

const MINUTE = 60_000;
const member = { auth: 'user' } as const;

/** The member centre's promotion calls (/inside/inter/*, spec §7) and the site owner's extra rates (/vip/promotion/*). */
export function registerPromotionRoutes(
  app: FastifyInstance,
  promotion: PromotionService,
  posters: PromotionPosters,
  rates: PromotionRates,
): void {
  const I = '/inside/inter';
  defineCall(app, `${I}/getPromotionLink`, member, (ctx, _input, req) => posters.link(ctx, req));
  // A poster costs a drawing: a few a minute is what a person needs.
  defineCall(app, `${I}/getPromotionPoster`, { ...member, limits: [{ max: 10, windowMs: MINUTE }] }, (ctx, _i, req) =>
    posters.poster(ctx, req),
  );
  defineCall(app, `${I}/getPromotionCustomerStatus`, member, (ctx) => promotion.customerStatus(ctx));
  defineCall(app, `${I}/getPromotionCustomerList`, { ...member, input: promotionCustomerListInput }, (ctx, input) =>
    promotion.customers(ctx, input),
  );
  defineCall(app, `${I}/getPromotionCollect`, member, (ctx) => promotion.collectSummary(ctx));
  defineCall(
    app,
    `${I}/doPromotionCollect`,
    { ...member, input: promotionCollectInput, limits: [{ max: 20, windowMs: MINUTE }] },
    (ctx, input) => promotion.collect(ctx, input.amount),
  );
  defineCall(app, `${I}/getPromotionCollects`, { ...member, input: promotionCollectsInput }, (ctx, input) =>
    promotion.collects(ctx, input),
  );
  defineCall(app, `${I}/getAllPromotionDetails`, { ...member, input: promotionDetailsInput }, (ctx, input) =>
    promotion.details(ctx, input),
  );
  defineCall(app, `${I}/getAllPromotionTotal`, member, (ctx) => promotion.totals(ctx));

  defineCall(app, '/vip/promotion/rates', member, (ctx) => rates.siteRates(ctx));
  defineCall(
    app,
    '/vip/promotion/saveRates',
    { ...member, input: promotionSiteRatesInput, limits: [{ max: 30, windowMs: MINUTE }] },
    (ctx, input) => rates.saveSiteRates(ctx, input),
  );
}
