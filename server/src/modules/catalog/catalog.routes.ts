import {
  adminGoodsListInput,
  brandSaveInput,
  dirSaveInput,
  goodsIdInput,
  goodsListInput,
  goodsLogListInput,
  goodsSaveInput,
  goodsStatusInput,
  idInput,
  levelBuyInput,
  levelSaveInput,
  priceListInput,
} from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../core/calls.js';
import { ADMIN_PREFIX } from '../../core/context.js';
import type { CatalogService } from './catalog.service.js';
import type { levelsService } from './levels.js';
import type { LevelSalesService } from './level-sales.js';

const A = ADMIN_PREFIX;
const edit = { auth: 'admin', permission: 'catalog.edit' } as const;

export function registerCatalogRoutes(
  app: FastifyInstance,
  catalog: CatalogService,
  levels: ReturnType<typeof levelsService>,
  levelSales: LevelSalesService,
): void {
  // Storefront (public; a member session only changes the price level shown).
  defineCall(app, '/inside/goods/getDirs', {}, (ctx) => catalog.getDirs(ctx));
  defineCall(app, '/inside/goods/getBrands', {}, (ctx) => catalog.getBrands(ctx));
  defineCall(app, '/inside/goods/getList', { input: goodsListInput }, (ctx, input) => catalog.getList(ctx, input));
  defineCall(app, '/inside/goods/getDetail', { input: goodsIdInput }, (ctx, input) =>
    catalog.getDetail(ctx, input.goodsId),
  );
  defineCall(app, '/inside/goods/priceList', { input: priceListInput }, (ctx, input) => catalog.priceList(ctx, input));

  // Member.
  defineCall(app, '/inside/favorite/getList', { auth: 'user' }, (ctx) => catalog.favorites(ctx));
  defineCall(app, '/inside/favorite/add', { auth: 'user', input: goodsIdInput }, (ctx, input) =>
    catalog.addFavorite(ctx, input.goodsId),
  );
  defineCall(app, '/inside/favorite/remove', { auth: 'user', input: goodsIdInput }, (ctx, input) =>
    catalog.removeFavorite(ctx, input.goodsId),
  );
  // Member levels (/inside/selfLevel): what each costs this member, and buying one from the balance
  // (a human pace per IP; sale-password guessing is also limited by the accounts module).
  defineCall(app, '/inside/level/getList', { auth: 'user' }, (ctx) => levelSales.myLevels(ctx));
  defineCall(
    app,
    '/inside/level/buy',
    {
      auth: 'user',
      input: levelBuyInput,
      limits: [{ max: 30, windowMs: 60_000 }],
      audit: { action: 'levels.buy', record: (i) => ({ levelId: i.levelId }) },
    },
    (ctx, input) => levelSales.buy(ctx, input),
  );
  defineCall(app, '/inside/goodsLog/getList', { auth: 'user', input: goodsLogListInput }, (ctx, input) =>
    catalog.goodsLogs(ctx, input.page, input.pageSize),
  );

  // Admin.
  defineCall(app, `${A}/catalog/dirs`, edit, (ctx) => catalog.adminDirs(ctx));
  defineCall(
    app,
    `${A}/catalog/saveDir`,
    { ...edit, input: dirSaveInput, audit: { action: 'dirs.save' } },
    (ctx, input) => catalog.saveDir(ctx, input),
  );
  defineCall(
    app,
    `${A}/catalog/deleteDir`,
    { ...edit, input: idInput, audit: { action: 'dirs.delete' } },
    (ctx, input) => catalog.deleteDir(ctx, input.id),
  );
  defineCall(app, `${A}/catalog/brands`, edit, (ctx) => catalog.getBrands(ctx));
  defineCall(
    app,
    `${A}/catalog/saveBrand`,
    { ...edit, input: brandSaveInput, audit: { action: 'brands.save' } },
    (ctx, input) => catalog.saveBrand(ctx, input),
  );
  defineCall(app, `${A}/catalog/levels`, edit, (ctx) => catalog.levels(ctx));
  defineCall(
    app,
    `${A}/catalog/saveLevel`,
    { ...edit, input: levelSaveInput, audit: { action: 'levels.save' } },
    (ctx, input) => levels.save(ctx, input),
  );
  defineCall(
    app,
    `${A}/catalog/deleteLevel`,
    { ...edit, input: idInput, audit: { action: 'levels.delete' } },
    (ctx, input) => levels.remove(ctx, input.id),
  );
  defineCall(app, `${A}/catalog/goodsList`, { ...edit, input: adminGoodsListInput }, (ctx, input) =>
    catalog.adminGoodsList(ctx, input),
  );
  defineCall(app, `${A}/catalog/goodsDetail`, { ...edit, input: goodsIdInput }, (ctx, input) =>
    catalog.adminGoodsDetail(ctx, input.goodsId),
  );
  defineCall(
    app,
    `${A}/catalog/saveGoods`,
    { ...edit, input: goodsSaveInput, audit: { action: 'goods.save' } },
    (ctx, input) => catalog.saveGoods(ctx, input),
  );
  defineCall(
    app,
    `${A}/catalog/setGoodsStatus`,
    { ...edit, input: goodsStatusInput, audit: { action: 'goods.setStatus' } },
    (ctx, input) => catalog.setGoodsStatus(ctx, input.ids, input.status),
  );
}
