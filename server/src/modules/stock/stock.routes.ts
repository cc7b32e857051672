import { cardExportInput, cardImportInput, cardListInput, cardVoidInput, goodsIdInput } from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../core/calls.js';
import { ADMIN_PREFIX } from '../../core/context.js';
import type { StockService } from './stock.service.js';

const A = ADMIN_PREFIX;

export function registerStockRoutes(app: FastifyInstance, stock: StockService): void {
  // Importing and voiding change stock (catalog.edit); reading secrets needs cards.view.
  // 100,000 lines of card text per batch are a few MB: more than the app-wide body limit.
  defineCall(
    app,
    `${A}/stock/import`,
    {
      auth: 'admin',
      permission: 'catalog.edit',
      input: cardImportInput,
      bodyLimit: 32 * 1024 * 1024,
      audit: {
        action: 'cards.import',
        record: (i) => ({ goodsId: i.goodsId, note: i.note, lines: i.text.split('\n').filter((l) => l.trim()).length }),
      },
    },
    (ctx, input) => stock.importCards(ctx, input),
  );
  defineCall(
    app,
    `${A}/stock/void`,
    { auth: 'admin', permission: 'catalog.edit', input: cardVoidInput, audit: { action: 'cards.void' } },
    (ctx, input) => stock.voidCards(ctx, input.ids),
  );
  defineCall(
    app,
    `${A}/stock/batches`,
    { auth: 'admin', permission: 'catalog.edit', input: goodsIdInput },
    (ctx, input) => stock.batches(ctx, input.goodsId),
  );
  defineCall(app, `${A}/stock/list`, { auth: 'admin', permission: 'cards.view', input: cardListInput }, (ctx, input) =>
    stock.list(ctx, input),
  );
  defineCall(
    app,
    `${A}/stock/export`,
    { auth: 'admin', permission: 'cards.view', input: cardExportInput },
    (ctx, input) => stock.exportCards(ctx, input),
  );
}
