import type {
  PriceAudience,
  PriceKind,
  PriceScope,
  ShelfFilter,
  SiteDirView,
  SiteGoodsPage,
  SitePriceRulesView,
  SiteRounding,
} from '@kapu/contract';
import { postForm, type FormValue } from '@/app/http/client';

/** A rule as the forms send it: money in yuan text, a percentage as text ("12.5"). */
export interface PriceRuleForm {
  id?: number;
  audience: PriceAudience;
  scope: PriceScope;
  targetId?: number;
  rangeMin?: string;
  rangeMax?: string;
  kind: PriceKind;
  value: string;
}
export interface SiteGoodsQuery {
  keyword?: string;
  dirId?: number;
  shelf?: ShelfFilter;
  page?: number;
  pageSize?: number;
}
/** One directory override as the directory page sends it. */
export interface SiteDirForm {
  dirId: number;
  name?: string;
  sort?: number;
  hidden: 0 | 1;
}

const form = (v: object) => v as Record<string, FormValue>;

/** 我的分站与加价规则 POST /vip/priceRule/getList */
export function getPriceRules() {
  return postForm<SitePriceRulesView>('/vip/priceRule/getList');
}

/** 保存加价规则（新增或修改） POST /vip/priceRule/save */
export function savePriceRule(rule: PriceRuleForm) {
  return postForm<{ id: number }>('/vip/priceRule/save', form(rule));
}

/** 删除加价规则 POST /vip/priceRule/delete */
export function deletePriceRule(id: number) {
  return postForm<null>('/vip/priceRule/delete', { id });
}

/** 设置售价取整方式 POST /vip/priceRule/setRounding */
export function setRounding(rounding: SiteRounding) {
  return postForm<null>('/vip/priceRule/setRounding', { rounding });
}

/** 分站商品（成本、售价、利润、下级拿货价） POST /vip/siteGoods/getList */
export function getSiteGoods(query: SiteGoodsQuery) {
  return postForm<SiteGoodsPage>('/vip/siteGoods/getList', form(query));
}

/** 按草稿规则预览售价（不保存） POST /vip/siteGoods/preview */
export function previewSiteGoods(query: SiteGoodsQuery, rule: PriceRuleForm) {
  return postForm<SiteGoodsPage>('/vip/siteGoods/preview', form({ ...query, ...rule }));
}

/** 批量上架或下架 POST /vip/siteGoods/setHidden */
export function setGoodsHidden(ids: number[], hidden: 0 | 1) {
  return postForm<{ updated: number }>('/vip/siteGoods/setHidden', { ids, hidden });
}

/** 选品上架（可同时设置加价） POST /vip/market/putOn */
export function putOnMarket(ids: number[], markup?: { kind: 'percent' | 'fixed'; value: string }) {
  return postForm<{ shown: number; priced: number }>('/vip/market/putOn', form({ ids, ...markup }));
}

/** 平台目录与本站的名称、排序、显示设置 POST /vip/siteDir/getList */
export function getSiteDirs() {
  return postForm<SiteDirView[]>('/vip/siteDir/getList');
}

/** 保存目录设置 POST /vip/siteDir/save */
export function saveSiteDirs(items: SiteDirForm[]) {
  return postForm<{ saved: number }>('/vip/siteDir/save', { items: JSON.stringify(items) });
}

/** 恢复平台目录（一个或全部） POST /vip/siteDir/reset */
export function resetSiteDirs(dirId?: number) {
  return postForm<{ reset: number }>('/vip/siteDir/reset', { dirId });
}
