import {
  adminReviewListInput,
  adminSupplierListInput,
  reviewDecideInput,
  supplierDecideInput,
  supplierTermsInput,
  supplySettingsInput,
} from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../core/calls.js';
import { ADMIN_PREFIX } from '../../core/context.js';
import type { SupplyServices } from './index.js';

const A = ADMIN_PREFIX;

/** 供货商管理, 供货审核 and 供货设置 (supply.manage); every write is audited in its transaction. */
export function registerSupplyAdminRoutes(app: FastifyInstance, s: SupplyServices): void {
  const manage = { auth: 'admin', permission: 'supply.manage' } as const;
  defineCall(app, `${A}/supply/suppliers`, { ...manage, input: adminSupplierListInput }, (ctx, input) =>
    s.suppliers.adminList(ctx, input),
  );
  defineCall(
    app,
    `${A}/supply/decide`,
    { ...manage, input: supplierDecideInput, audit: { action: 'supply.decide' } },
    (ctx, input) => s.suppliers.decide(ctx, input),
  );
  defineCall(
    app,
    `${A}/supply/terms`,
    { ...manage, input: supplierTermsInput, audit: { action: 'supply.terms' } },
    (ctx, input) => s.suppliers.setTerms(ctx, input),
  );
  defineCall(app, `${A}/supply/reviews`, { ...manage, input: adminReviewListInput }, (ctx, input) =>
    s.goods.reviews(ctx, input),
  );
  defineCall(
    app,
    `${A}/supply/decideReview`,
    { ...manage, input: reviewDecideInput, audit: { action: 'supply.review' } },
    (ctx, input) => s.goods.decideReview(ctx, input),
  );
  defineCall(app, `${A}/supply/settings`, manage, () => s.suppliers.settings());
  defineCall(
    app,
    `${A}/supply/saveSettings`,
    { ...manage, input: supplySettingsInput, audit: { action: 'supply.settings' } },
    (ctx, input) => s.suppliers.saveSettings(ctx, input),
  );
}
