import type {
  AdminCommissionPage,
  CommissionViewStatus,
  Paged,
  PromotionCollectResult,
  PromotionCollectRow,
  PromotionCollectSummary,
  PromotionCustomerRow,
  PromotionCustomerStatus,
  PromotionDetailRow,
  PromotionLink,
  PromotionOverrideRow,
  PromotionPoster,
  PromotionSettingsView,
  PromotionSiteRates,
  PromotionTotals,
} from '@kapu/contract';
import { postForm, type FormValue } from '@/app/http/client';
import { adminUrl } from '@/app/http/admin-path';

/** 三级佣金比例（百分比文本，如 "5" 或 "2.5"）。 */
export interface PromotionRatesForm {
  level1: string;
  level2: string;
  level3: string;
}
/** 后台推广设置表单。 */
export interface PromotionSettingsForm extends PromotionRatesForm {
  enabled: boolean;
  freezeDays: number;
  /** 元，0 为不限。 */
  dailyCap: string;
  blockSameIp: boolean;
  blockSameSubnet: boolean;
}
/** 目录或商品的佣金比例覆盖。 */
export interface PromotionOverrideForm extends PromotionRatesForm {
  scope: 'dir' | 'goods';
  targetId: number;
}
/** 佣金明细的筛选。 */
export interface PromotionDetailsQuery {
  status?: CommissionViewStatus;
  level?: number;
  page: number;
  pageSize: number;
}

const form = (q: object) => q as Record<string, FormValue>;

/** 我的邀请码、邀请链接与二维码 POST /inside/inter/getPromotionLink */
export function getPromotionLink() {
  return postForm<PromotionLink>('/inside/inter/getPromotionLink');
}
/** 生成推广海报（PNG） POST /inside/inter/getPromotionPoster */
export function getPromotionPoster() {
  return postForm<PromotionPoster>('/inside/inter/getPromotionPoster');
}
/** 邀请人数（按层级） POST /inside/inter/getPromotionCustomerStatus */
export function getPromotionCustomerStatus() {
  return postForm<PromotionCustomerStatus>('/inside/inter/getPromotionCustomerStatus');
}
/** 我邀请的会员（按层级） POST /inside/inter/getPromotionCustomerList */
export function getPromotionCustomerList(query: { level: number; keyword?: string; page: number; pageSize: number }) {
  return postForm<Paged<PromotionCustomerRow>>('/inside/inter/getPromotionCustomerList', form(query));
}
/** 佣金概况：可领取、冻结中、已领取 POST /inside/inter/getPromotionCollect */
export function getPromotionCollect() {
  return postForm<PromotionCollectSummary>('/inside/inter/getPromotionCollect');
}
/** 领取佣金到余额（金额留空为全部） POST /inside/inter/doPromotionCollect */
export function doPromotionCollect(amount?: string) {
  return postForm<PromotionCollectResult>('/inside/inter/doPromotionCollect', amount ? { amount } : {});
}
/** 领取记录 POST /inside/inter/getPromotionCollects */
export function getPromotionCollects(query: { page: number; pageSize: number }) {
  return postForm<Paged<PromotionCollectRow>>('/inside/inter/getPromotionCollects', form(query));
}
/** 佣金明细 POST /inside/inter/getAllPromotionDetails */
export function getAllPromotionDetails(query: PromotionDetailsQuery) {
  return postForm<Paged<PromotionDetailRow>>('/inside/inter/getAllPromotionDetails', form(query));
}
/** 佣金汇总（累计、今日、本月、按层级） POST /inside/inter/getAllPromotionTotal */
export function getAllPromotionTotal() {
  return postForm<PromotionTotals>('/inside/inter/getAllPromotionTotal');
}
/** 站长：为本站客户追加的佣金比例 POST /vip/promotion/rates */
export function getSitePromotionRates() {
  return postForm<PromotionSiteRates>('/vip/promotion/rates');
}
/** 站长：保存追加的佣金比例 POST /vip/promotion/saveRates */
export function saveSitePromotionRates(values: PromotionRatesForm) {
  return postForm<PromotionSiteRates>('/vip/promotion/saveRates', form(values));
}

/** 后台：推广设置 POST /{adminPath}/promotion/settings */
export function getPromotionSettings() {
  return postForm<PromotionSettingsView>(adminUrl('promotion/settings'));
}
/** 后台：保存推广设置 POST /{adminPath}/promotion/settings/save */
export function savePromotionSettings(values: PromotionSettingsForm) {
  return postForm<PromotionSettingsView>(adminUrl('promotion/settings/save'), form(values));
}
/** 后台：佣金比例覆盖列表 POST /{adminPath}/promotion/overrides */
export function getPromotionOverrides(page: number) {
  return postForm<Paged<PromotionOverrideRow>>(adminUrl('promotion/overrides'), { page, pageSize: 50 });
}
/** 后台：保存目录或商品的佣金比例 POST /{adminPath}/promotion/overrides/save */
export function savePromotionOverride(values: PromotionOverrideForm) {
  return postForm<PromotionOverrideRow>(adminUrl('promotion/overrides/save'), form(values));
}
/** 后台：删除佣金比例覆盖 POST /{adminPath}/promotion/overrides/delete */
export function deletePromotionOverride(id: number) {
  return postForm<{ id: number }>(adminUrl('promotion/overrides/delete'), { id });
}
/** 后台：全部佣金 POST /{adminPath}/promotion/commissions */
export function getAdminCommissions(query: { status?: CommissionViewStatus; keyword?: string; page: number }) {
  return postForm<AdminCommissionPage>(adminUrl('promotion/commissions'), form({ ...query, pageSize: 20 }));
}
