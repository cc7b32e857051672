import {
  announcementListInput,
  announcementSaveInput,
  orderNoInput,
  recordIdInput,
  siteChildListInput,
  siteCustomerDisableInput,
  siteCustomerListInput,
  siteCustomerPriceInput,
  siteOrderExportInput,
  siteOrderListInput,
} from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../core/calls.js';
import type { SiteOfficeService } from './site-office.service.js';

const MINUTE = 60_000;
/** Members' calls on the site they own; the service answers NOT_SITE_OWNER to everyone else. */
const owner = { auth: 'user' } as const;
/** Owners' writes: generous for people, a stop for scripts. */
const writes = { ...owner, limits: [{ max: 60, windowMs: MINUTE }] };

/** The site owner's back office: /vip/desktop, vipOrder, vipCustomer, vipChild, vipAnnouncement. */
export function registerSiteOfficeRoutes(app: FastifyInstance, office: SiteOfficeService): void {
  defineCall(app, '/vip/office/desktop', owner, (ctx) => office.desktop(ctx));

  defineCall(app, '/vip/office/orders', { ...owner, input: siteOrderListInput }, (ctx, input) =>
    office.orders(ctx, input),
  );
  defineCall(app, '/vip/office/order', { ...owner, input: orderNoInput }, (ctx, input) =>
    office.orderDetail(ctx, input.orderNo),
  );
  defineCall(
    app,
    '/vip/office/exportOrders',
    { ...owner, input: siteOrderExportInput, limits: [{ max: 10, windowMs: MINUTE }] },
    (ctx, input) => office.exportOrders(ctx, input),
  );

  defineCall(app, '/vip/office/customers', { ...owner, input: siteCustomerListInput }, (ctx, input) =>
    office.customers(ctx, input),
  );
  defineCall(
    app,
    '/vip/office/customerPrice',
    { ...writes, input: siteCustomerPriceInput, audit: { action: 'siteOwner.customerPrice' } },
    (ctx, input) => office.setCustomerPrice(ctx, input),
  );
  defineCall(
    app,
    '/vip/office/customerDisabled',
    { ...writes, input: siteCustomerDisableInput, audit: { action: 'siteOwner.customerDisabled' } },
    (ctx, input) => office.setCustomerDisabled(ctx, input),
  );

  defineCall(app, '/vip/office/children', { ...owner, input: siteChildListInput }, (ctx, input) =>
    office.children(ctx, input),
  );

  defineCall(app, '/vip/office/announcements', { ...owner, input: announcementListInput }, (ctx, input) =>
    office.announcements(ctx, input),
  );
  defineCall(app, '/vip/office/saveAnnouncement', { ...writes, input: announcementSaveInput }, (ctx, input) =>
    office.saveAnnouncement(ctx, input),
  );
  defineCall(app, '/vip/office/deleteAnnouncement', { ...writes, input: recordIdInput }, (ctx, input) =>
    office.deleteAnnouncement(ctx, input.id),
  );
}
