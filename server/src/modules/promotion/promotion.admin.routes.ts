import {
  adminCommissionListInput,
  pageOnlyInput,
  promotionOverrideIdInput,
  promotionOverrideSaveInput,
  promotionSettingsInput,
} from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../core/calls.js';
import { ADMIN_PREFIX } from '../../core/context.js';
import type { PromotionRates } from './promotion-rates.js';
import type { PromotionService } from './promotion.service.js';

/** The admin's promotion screen: settings (rates, freeze, cap, anti-abuse), rate overrides, all commissions. */
export function registerPromotionAdminRoutes(
  app: FastifyInstance,
  promotion: PromotionService,
  rates: PromotionRates,
): void {
  const A = `${ADMIN_PREFIX}/promotion`;
  const manage = { auth: 'admin', permission: 'promotion.manage' } as const;
  defineCall(app, `${A}/settings`, manage, () => rates.settings());
  defineCall(
    app,
    `${A}/settings/save`,
    { ...manage, input: promotionSettingsInput, audit: { action: 'promotion.settings' } },
    (ctx, input) => rates.saveSettings(ctx, input),
  );
  defineCall(app, `${A}/overrides`, { ...manage, input: pageOnlyInput }, (_ctx, input) => rates.overrides(input));
  defineCall(
    app,
    `${A}/overrides/save`,
    { ...manage, input: promotionOverrideSaveInput, audit: { action: 'promotion.saveOverride' } },
    (ctx, input) => rates.saveOverride(ctx, input),
  );
  defineCall(
    app,
    `${A}/overrides/delete`,
    { ...manage, input: promotionOverrideIdInput, audit: { action: 'promotion.deleteOverride' } },
    (ctx, input) => rates.deleteOverride(ctx, input.id),
  );
  defineCall(app, `${A}/commissions`, { ...manage, input: adminCommissionListInput }, (_ctx, input) =>
    promotion.adminList(input),
  );
}
