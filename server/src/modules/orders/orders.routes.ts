import {
  adminOrderListInput,
  adminOrderExportInput,
  myOrderExportInput,
  cardRepealInput,
  checkoutSettingsInput,
  myOrderListInput,
  orderCreateInput,
  orderDeliverInput,
  orderNoInput,
  orderRefundInput,
  payByBalanceInput,
  repealHandleInput,
  repealListInput,
  visitorCancelInput,
  visitorLookupInput,
  visitorStatusesInput,
} from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../core/calls.js';
import { ADMIN_PREFIX } from '../../core/context.js';
import type { OrdersService } from './orders.service.js';
import { VISITOR_ORDER_LIMITS } from './visitor-access.js';

const MINUTE = 60_000;
const A = ADMIN_PREFIX;
const manage = { auth: 'admin', permission: 'orders.manage' } as const;

export function registerOrderRoutes(app: FastifyInstance, orders: OrdersService): void {
  // Buying: members and visitors (a member session makes it the member's order).
  defineCall(app, '/inside/order/create', { input: orderCreateInput }, (ctx, input) => orders.create(ctx, input));
  defineCall(app, '/inside/order/payByBalance', { auth: 'user', input: payByBalanceInput }, (ctx, input) =>
    orders.payByBalance(ctx, input.orderNo, input.salePwd),
  );
  defineCall(app, '/inside/order/cancel', { auth: 'user', input: orderNoInput }, (ctx, input) =>
    orders.cancel(ctx, input.orderNo),
  );
  defineCall(app, '/inside/order/getList', { auth: 'user', input: myOrderListInput }, (ctx, input) =>
    orders.myList(ctx, input),
  );
  defineCall(app, '/inside/order/getDetail', { auth: 'user', input: orderNoInput }, (ctx, input) =>
    orders.myDetail(ctx, input.orderNo),
  );
  defineCall(
    app,
    '/inside/order/export',
    { auth: 'user', input: myOrderExportInput, limits: [{ max: 10, windowMs: MINUTE }] },
    (ctx, input) => orders.exportMine(ctx, input),
  );
  defineCall(app, '/inside/order/cardRepeal', { auth: 'user', input: cardRepealInput }, (ctx, input) =>
    orders.cardRepeal(ctx, input.orderNo, input.cardIds, input.reason),
  );
  // Visitors' credentials (/chadan, cancel, and /pay/create) share one budget per IP and per
  // order number, so one order cannot be brute-forced from many IPs or through another call.
  const keyDay = () => orders.lookupDays();
  defineCall(
    app,
    '/visitor/order/lookup',
    { input: visitorLookupInput, limits: VISITOR_ORDER_LIMITS, keyDay },
    (ctx, input) => orders.lookup(ctx, input),
  );
  defineCall(app, '/visitor/order/cancel', { input: visitorCancelInput, limits: VISITOR_ORDER_LIMITS }, (ctx, input) =>
    orders.visitorCancel(ctx, input),
  );
  defineCall(
    app,
    '/visitor/order/statuses',
    { input: visitorStatusesInput, limits: [{ max: 20, windowMs: MINUTE }] },
    (ctx, input) => orders.visitorStatuses(ctx, input.orders),
  );
  defineCall(app, '/visitor/order/lookupDays', { keyDay }, () => ({ days: orders.lookupDays() }));

  const settings = { auth: 'admin', permission: 'settings.edit' } as const;
  defineCall(app, `${A}/orders/settings`, settings, () => orders.checkoutSettings());
  defineCall(
    app,
    `${A}/orders/saveSettings`,
    { ...settings, input: checkoutSettingsInput, audit: { action: 'orders.saveSettings' } },
    (ctx, input) => orders.saveCheckoutSettings(ctx, input),
  );
  defineCall(app, `${A}/orders/list`, { ...manage, input: adminOrderListInput }, (ctx, input) =>
    orders.adminList(ctx, input),
  );
  defineCall(
    app,
    `${A}/orders/export`,
    { ...manage, input: adminOrderExportInput, audit: { action: 'orders.export' } },
    (ctx, input) => orders.adminExport(ctx, input),
  );
  defineCall(app, `${A}/orders/detail`, { ...manage, input: orderNoInput }, (ctx, input) =>
    orders.adminDetail(ctx, input.orderNo),
  );
  defineCall(
    app,
    `${A}/orders/deliver`,
    {
      ...manage,
      input: orderDeliverInput,
      audit: {
        action: 'orders.deliver',
        record: (i) => ({
          orderNo: i.orderNo,
          carrier: i.carrier,
          trackingNo: i.trackingNo,
          deliveryTextLength: i.deliveryText?.length ?? 0,
        }),
      },
    },
    (ctx, input) => orders.deliver(ctx, input),
  );
  defineCall(
    app,
    `${A}/orders/refund`,
    { ...manage, input: orderRefundInput, audit: { action: 'orders.refund' } },
    (ctx, input) => orders.refund(ctx, input.orderNo, input.reason, input.amount),
  );
  defineCall(app, `${A}/orders/repeals`, { ...manage, input: repealListInput }, (ctx, input) =>
    orders.repeals(ctx, input.status, input.page, input.pageSize),
  );
  defineCall(
    app,
    `${A}/orders/handleRepeals`,
    { ...manage, input: repealHandleInput, audit: { action: 'orders.handleRepeals' } },
    (ctx, input) => orders.handleRepeals(ctx, input.ids, input.approve === 1, input.note),
  );
}
