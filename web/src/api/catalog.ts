import type { ContactType, GoodsStatus, GoodsType, Paged, RechargeField } from '@kapu/contract';
import { postFile, postForm, type FormValue } from '@/app/http/client';
import { adminUrl } from '@/app/http/admin-path';

/** A directory with its second-level children (storefront). */
export interface GoodsDir {
  id: number;
  name: string;
  icon: string;
  children: Array<{ id: number; name: string; icon: string }>;
}
export interface Brand {
  id: number;
  dirId: number | null;
  name: string;
  logo: string;
}
/** What a buyer sees of a goods in lists: money in fen; stock -1 = unlimited. */
export interface GoodsCard {
  id: number;
  dirId: number;
  brandId: number | null;
  name: string;
  image: string;
  type: GoodsType;
  typeText: string;
  faceValue: number;
  /** The buyer's unit price (their level). */
  price: number;
  basePrice: number;
  stock: number;
  soldCount: number;
  hot: boolean;
  recommended: boolean;
  status: GoodsStatus;
}
export interface WholesaleTier {
  minQuantity: number;
  price: number;
}
export interface GoodsDetail extends GoodsCard {
  images: string[];
  /** Sanitised on the server (sanitize-html allow-list). */
  description: string;
  rechargeTemplate: RechargeField[];
  wholesale: WholesaleTier[];
  minQuantity: number;
  maxQuantity: number;
  multiple: number;
  perUserLimit: number;
  visitorAllowed: boolean;
  contactType: ContactType;
  allowRepeal: boolean;
  favorite: boolean;
}
export interface GoodsListQuery {
  dirId?: number;
  brandId?: number;
  type?: GoodsType;
  keyword?: string;
  sort?: 'default' | 'price_asc' | 'price_desc' | 'sales' | 'new';
  hot?: 0 | 1;
  recommended?: 0 | 1;
  page?: number;
  pageSize?: number;
}
export interface PriceListAnswer extends Paged<{
  id: number;
  name: string;
  type: GoodsType;
  faceValue: number;
  prices: Array<{ levelId: number; price: number }>;
  wholesale: WholesaleTier[];
}> {
  levels: Array<{ id: number; name: string }>;
}
export interface GoodsLogEntry {
  id: number;
  goodsId: number;
  goodsName: string;
  kind: 'price' | 'status' | 'stock' | string;
  before: string;
  after: string;
  createdAt: string;
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

export interface AdminDir {
  id: number;
  parentId: number | null;
  name: string;
  icon: string;
  sort: number;
  visible: boolean;
}
export interface Level {
  id: number;
  name: string;
  sort: number;
  isDefault: boolean;
}
export interface AdminGoodsRow {
  id: number;
  dirId: number;
  name: string;
  type: GoodsType;
  price: number;
  cost: number;
  faceValue: number;
  stock: number;
  soldCount: number;
  status: GoodsStatus;
  sort: number;
  ownerUserId: number | null;
}
export interface AdminGoodsDetail {
  id: number;
  dirId: number;
  brandId: number | null;
  name: string;
  images: string[];
  description: string;
  type: GoodsType;
  faceValue: number;
  price: number;
  cost: number;
  stock: number | null;
  rechargeTemplate: RechargeField[];
  minQuantity: number;
  maxQuantity: number;
  multiple: number;
  perUserLimit: number;
  visitorAllowed: boolean;
  contactType: ContactType;
  status: GoodsStatus;
  sort: number;
  hot: boolean;
  recommended: boolean;
  loopCard: boolean;
  allowRepeal: boolean;
  levelPrices: Array<{ levelId: number; price: number }>;
  wholesale: WholesaleTier[];
}
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

/** 保存会员等级（新增或修改） POST /{adminPath}/catalog/saveLevel */
export function adminSaveLevel(values: { id?: number; name: string; sort?: number; isDefault?: 0 | 1 }) {
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
