import {
  settlementListInput,
  supplierApplyInput,
  supplierCardExportInput,
  supplierCardImportInput,
  supplierCardListInput,
  supplierCardVoidInput,
  supplierGoodsListInput,
  supplierGoodsSaveInput,
  supplierGoodsShelfInput,
  supplierOrderExportInput,
  supplierOrderListInput,
  supplierTaskListInput,
  taskDoneInput,
  taskFailInput,
  taskIdInput,
} from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../core/calls.js';
import type { SupplyServices } from './index.js';

const MINUTE = 60_000;
/** Members' calls; every one but `me` and `apply` answers a supply code to a member who is not an active supplier. */
const member = { auth: 'user' } as const;
/** Writes: generous for people, a stop for scripts. */
const writes = { ...member, limits: [{ max: 60, windowMs: MINUTE }] };

/** The supplier's area /supply/*: application, goods, cards, orders, tasks, settlement entries. */
export function registerSupplyRoutes(app: FastifyInstance, s: SupplyServices): void {
  defineCall(app, '/supply/inter/me', member, (ctx) => s.suppliers.mine(ctx));
  defineCall(
    app,
    '/supply/inter/apply',
    { ...member, input: supplierApplyInput, limits: [{ max: 30, windowMs: 60 * MINUTE }] },
    (ctx, input) => s.suppliers.apply(ctx, input),
  );

  defineCall(app, '/supply/inter/goods', { ...member, input: supplierGoodsListInput }, (ctx, input) =>
    s.goods.list(ctx, input),
  );
  defineCall(app, '/supply/inter/saveGoods', { ...writes, input: supplierGoodsSaveInput }, (ctx, input) =>
    s.goods.save(ctx, input),
  );
  defineCall(app, '/supply/inter/goodsShelf', { ...writes, input: supplierGoodsShelfInput }, (ctx, input) =>
    s.goods.shelf(ctx, input.id, input.onSale),
  );

  defineCall(app, '/supply/inter/cards', { ...member, input: supplierCardListInput }, (ctx, input) =>
    s.work.cards(ctx, input),
  );
  defineCall(
    app,
    '/supply/inter/importCards',
    { ...member, input: supplierCardImportInput, bodyLimit: 24 * 1024 * 1024, limits: [{ max: 20, windowMs: MINUTE }] },
    (ctx, input) => s.work.importCards(ctx, input),
  );
  defineCall(app, '/supply/inter/voidCards', { ...writes, input: supplierCardVoidInput }, (ctx, input) =>
    s.work.voidCards(ctx, input.ids),
  );
  defineCall(
    app,
    '/supply/inter/exportCards',
    { ...member, input: supplierCardExportInput, limits: [{ max: 10, windowMs: MINUTE }] },
    (ctx, input) => s.work.exportCards(ctx, input),
  );

  defineCall(app, '/supply/inter/orders', { ...member, input: supplierOrderListInput }, (ctx, input) =>
    s.work.orders(ctx, input),
  );
  defineCall(
    app,
    '/supply/inter/exportOrders',
    { ...member, input: supplierOrderExportInput, limits: [{ max: 10, windowMs: MINUTE }] },
    (ctx, input) => s.work.exportOrders(ctx, input),
  );

  defineCall(app, '/supply/inter/tasks', { ...member, input: supplierTaskListInput }, (ctx, input) =>
    s.tasks.list(ctx, input),
  );
  defineCall(app, '/supply/inter/acceptTask', { ...writes, input: taskIdInput }, (ctx, input) =>
    s.tasks.accept(ctx, input.id),
  );
  defineCall(app, '/supply/inter/finishTask', { ...writes, input: taskDoneInput }, (ctx, input) =>
    s.tasks.done(ctx, input),
  );
  defineCall(app, '/supply/inter/failTask', { ...writes, input: taskFailInput }, (ctx, input) =>
    s.tasks.fail(ctx, input.id, input.reason),
  );

  defineCall(app, '/supply/inter/settlements', { ...member, input: settlementListInput }, (ctx, input) =>
    s.entries.list(ctx, input),
  );
  defineCall(app, '/supply/inter/settlementSummary', member, (ctx) => s.entries.summary(ctx));
}
