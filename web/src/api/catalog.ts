import type {
  AdminDir,
  AdminGoodsDetail,
  AdminGoodsRow,
  Brand,
  GoodsCard,
  GoodsDetail,
  GoodsDir,
  GoodsLogEntry,
  GoodsStatus,
  GoodsType,
  Level,
  LevelBuyResult,
  MyLevelsAnswer,
  Paged,
  PriceListAnswer,
} from '@kapu/contract';
import { postFile, postForm, type FormValue } from '@/app/http/client';
import { adminUrl } from '@/app/http/admin-path';

export interface GoodsListQuery {
  dirId?: number;
  brandId?: number;
  type?: GoodsType;
  keyword?: string;
  sort?: 'default' | 'price_asc' | 'price_desc' | 'sales' | 'new';
  hot?: 0 | 1;
  recommended?: 0 | 1;
  /** Only these goods (a decoration's chosen goods; at most 50). */
  ids?: number[];
  page?: number;
  pageSize?: number;
}

const form = (q: object) => q as Record<string, FormValue>;

/** 商品目录（两级） POST /inside/goods/getDirs */
export function getDirs() {
  return postForm<GoodsDir[]>('/inside/goods/getDirs');
}

/** 品牌列表 POST /inside/goods/getBrands */
export function getBrands() {
  return postForm<Brand[]>('/inside/goods/getBrands');
}

/** 商品列表（筛选、搜索、排序、分页） POST /inside/goods/getList */
export function getGoodsList(query: GoodsListQuery) {
  return postForm<Paged<GoodsCard>>('/inside/goods/getList', form(query));
}

/** 商品详情（含当前买家等级价） POST /inside/goods/getDetail */
export function getGoodsDetail(goodsId: number) {
  return postForm<GoodsDetail>('/inside/goods/getDetail', { goodsId });
}

/** 价格查询：各等级价格 POST /inside/goods/priceList */
export function getPriceList(query: { dirId?: number; keyword?: string; page?: number; pageSize?: number }) {
  return postForm<PriceListAnswer>('/inside/goods/priceList', form(query));
}

/** 我的等级：各等级价格、权益、升级所需金额与示例商品价格 POST /inside/level/getList */
export function getMyLevels() {
  return postForm<MyLevelsAnswer>('/inside/level/getList');
}

/** 用余额购买或升级会员等级 POST /inside/level/buy */
export function buyLevel(input: { levelId: number; expectedCost: number; salePwd?: string }) {
  return postForm<LevelBuyResult>('/inside/level/buy', form(input));
}

/** 我的收藏 POST /inside/favorite/getList */
export function getFavorites() {
  return postForm<GoodsCard[]>('/inside/favorite/getList');
}

/** 收藏商品 POST /inside/favorite/add */
export function addFavorite(goodsId: number) {
  return postForm<null>('/inside/favorite/add', { goodsId });
}

/** 取消收藏 POST /inside/favorite/remove */
export function removeFavorite(goodsId: number) {
  return postForm<null>('/inside/favorite/remove', { goodsId });
}

/** 商品变动记录（收藏或买过的商品） POST /inside/goodsLog/getList */
export function getGoodsLogs(page: number, pageSize: number) {
  return postForm<Paged<GoodsLogEntry>>('/inside/goodsLog/getList', { page, pageSize });
}

// ---------- admin ----------

/** The goods editor's form as sent: yuan text for money, JSON text for structured fields. */
export type GoodsSaveForm = Record<string, FormValue>;

/** 后台目录列表 POST /{adminPath}/catalog/dirs */
export function adminDirs() {
  return postForm<AdminDir[]>(adminUrl('catalog/dirs'));
}

/** 保存目录 POST /{adminPath}/catalog/saveDir */
export function adminSaveDir(values: {
  id?: number;
  parentId?: number;
  name: string;
  icon?: string;
  sort?: number;
  visible?: 0 | 1;
}) {
  return postForm<{ id: number }>(adminUrl('catalog/saveDir'), form(values));
}

/** 删除目录 POST /{adminPath}/catalog/deleteDir */
export function adminDeleteDir(id: number) {
  return postForm<null>(adminUrl('catalog/deleteDir'), { id });
}

/** 后台品牌列表 POST /{adminPath}/catalog/brands */
export function adminBrands() {
  return postForm<Brand[]>(adminUrl('catalog/brands'));
}

/** 保存品牌 POST /{adminPath}/catalog/saveBrand */
export function adminSaveBrand(values: { id?: number; dirId?: number; name: string; logo?: string; sort?: number }) {
  return postForm<{ id: number }>(adminUrl('catalog/saveBrand'), form(values));
}

/** 会员等级 POST /{adminPath}/catalog/levels */
export function adminLevels() {
  return postForm<Level[]>(adminUrl('catalog/levels'));
}

/** 保存会员等级（新增或修改；价格为元，留空即不设价格） POST /{adminPath}/catalog/saveLevel */
export function adminSaveLevel(values: {
  id?: number;
  name: string;
  sort?: number;
  isDefault?: 0 | 1;
  price?: string;
  buyable?: 0 | 1;
  description?: string;
}) {
  return postForm<{ id: number }>(adminUrl('catalog/saveLevel'), form(values));
}

/** 删除会员等级 POST /{adminPath}/catalog/deleteLevel */
export function adminDeleteLevel(id: number) {
  return postForm<null>(adminUrl('catalog/deleteLevel'), form({ id }));
}

/** 后台商品列表 POST /{adminPath}/catalog/goodsList */
export function adminGoodsList(query: {
  dirId?: number;
  type?: GoodsType;
  status?: GoodsStatus;
  keyword?: string;
  page?: number;
  pageSize?: number;
}) {
  return postForm<Paged<AdminGoodsRow>>(adminUrl('catalog/goodsList'), form(query));
}

/** 后台商品详情（编辑用） POST /{adminPath}/catalog/goodsDetail */
export function adminGoodsDetail(goodsId: number) {
  return postForm<AdminGoodsDetail>(adminUrl('catalog/goodsDetail'), { goodsId });
}

/** 保存商品 POST /{adminPath}/catalog/saveGoods */
export function adminSaveGoods(values: GoodsSaveForm) {
  return postForm<{ id: number }>(adminUrl('catalog/saveGoods'), values);
}

/** 批量修改商品状态 POST /{adminPath}/catalog/setGoodsStatus */
export function adminSetGoodsStatus(ids: number[], status: GoodsStatus) {
  return postForm<{ updated: number }>(adminUrl('catalog/setGoodsStatus'), { ids, status });
}

/** 后台上传图片 POST /{adminPath}/uploadFile */
export function adminUploadFile(file: Blob) {
  return postFile<{ url: string }>(adminUrl('uploadFile'), file);
}
