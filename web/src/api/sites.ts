import type {
  AdminSiteRow,
  AuditEntry,
  Paged,
  SiteDomainView,
  SiteOpenOptions,
  SitePathCheck,
  SitePathView,
  SitePeriod,
  SiteProfileView,
  SitePurchaseAnswer,
  SiteOpenOnlineAnswer,
  SitePurchaseRow,
  SitesSettings,
  SiteStatus,
  SiteUpgradeQuote,
  SiteVersionView,
  VersionMoneyRow,
} from '@kapu/contract';
import { postForm } from '@/app/http/client';
import { adminUrl } from '@/app/http/admin-path';

/** 开通分站的表单：版本、时长、名称、访问路径，交易密码（开启时）。 */
export interface SiteOpenForm {
  versionId: number;
  period: SitePeriod;
  title: string;
  path: string;
  /** Default markup for the site's buyers, percent. */
  markupPercent?: number;
  salePwd?: string;
}

/** 分站资料表单（vipWebSite）。 */
export interface SiteProfileForm {
  title: string;
  subtitle?: string;
  logo?: string;
  keywords?: string;
  description?: string;
  qq?: string;
  wechat?: string;
  phone?: string;
  email?: string;
  text?: string;
}

/** 分站版本表单（后台）：价格为元，留空表示不提供该时长。 */
export interface SiteVersionForm {
  id?: number;
  name: string;
  description?: string;
  priceMonth?: string;
  priceYear?: string;
  priceForever?: string;
  levelId: number;
  ownDomain: 0 | 1;
  subdomain: 0 | 1;
  decoration: 0 | 1;
  ownPayment: 0 | 1;
  openApi: 0 | 1;
  maxChildren: number;
  maxGoods: number;
  sort: number;
  status: 'on' | 'off';
}

/** 给下级的版本价格表单（元，留空按成本价）。 */
export interface VersionMoneyForm {
  versionId: number;
  priceMonth?: string;
  priceYear?: string;
  priceForever?: string;
}

/** 后台分站列表筛选。 */
export interface AdminSiteQuery {
  keyword?: string;
  status?: SiteStatus;
  page: number;
  pageSize: number;
}

// ---- member: /inside/selfCreatVip ----

/** 可开通的版本、价格与我的分站 POST /inside/site/options */
export function getSiteOptions() {
  return postForm<SiteOpenOptions>('/inside/site/options');
}

/** 检查访问路径是否可用 POST /inside/site/checkPath */
export function checkSitePath(path: string) {
  return postForm<SitePathCheck>('/inside/site/checkPath', { path }, { silent: true });
}

/** 开通分站（余额支付） POST /inside/site/open */
export function openSite(values: SiteOpenForm) {
  return postForm<SitePurchaseAnswer>('/inside/site/open', { ...values });
}

/** 在线支付开通：保存开通信息，充值差额到账后自动开通 POST /inside/site/openOnline */
export function openSiteOnline(values: Omit<SiteOpenForm, 'salePwd'>) {
  return postForm<SiteOpenOnlineAnswer>('/inside/site/openOnline', { ...values });
}

/** 取消等待支付的开通 POST /inside/site/cancelOpenRequest */
export function cancelSiteOpenRequest() {
  return postForm<null>('/inside/site/cancelOpenRequest', {});
}

/** 续费分站（余额支付） POST /inside/site/renew */
export function renewSite(values: { period: SitePeriod; salePwd?: string }) {
  return postForm<SitePurchaseAnswer>('/inside/site/renew', values);
}

/** 升级报价：新版本价格、剩余时长抵扣与应付 POST /inside/site/upgradeQuote */
export function quoteSiteUpgrade(values: { versionId: number; period: SitePeriod }) {
  return postForm<SiteUpgradeQuote>('/inside/site/upgradeQuote', values);
}

/** 升级分站版本（余额支付差价） POST /inside/site/upgrade */
export function upgradeSite(values: { versionId: number; period: SitePeriod; salePwd?: string }) {
  return postForm<SitePurchaseAnswer>('/inside/site/upgrade', values);
}

/** 我的开通、续费与升级记录 POST /inside/site/purchases */
export function getSitePurchases(page: number, pageSize: number) {
  return postForm<Paged<SitePurchaseRow>>('/inside/site/purchases', { page, pageSize });
}

// ---- owner: /vip ----

/** 分站资料 POST /vip/site/profile */
export function getSiteProfile() {
  return postForm<SiteProfileView>('/vip/site/profile');
}

/** 保存分站资料 POST /vip/site/saveProfile */
export function saveSiteProfile(values: SiteProfileForm) {
  return postForm<SiteProfileView>('/vip/site/saveProfile', { ...values });
}

/** 开启或关闭分站 POST /vip/site/setOpen */
export function setSiteOpen(open: boolean, reason?: string) {
  return postForm<SiteProfileView>('/vip/site/setOpen', { open: open ? 1 : 0, reason });
}

/** 访问路径与域名 POST /vip/site/pathInfo */
export function getSitePathInfo() {
  return postForm<SitePathView>('/vip/site/pathInfo');
}

/** 修改访问路径 POST /vip/site/savePath */
export function saveSitePath(path: string) {
  return postForm<{ path: string }>('/vip/site/savePath', { path });
}

/** 添加二级域名 POST /vip/site/addSubdomain */
export function addSubdomain(values: { label: string; platformDomain: string }) {
  return postForm<SiteDomainView>('/vip/site/addSubdomain', values);
}

/** 添加独立域名 POST /vip/site/addDomain */
export function addOwnDomain(host: string) {
  return postForm<SiteDomainView>('/vip/site/addDomain', { host });
}

/** 检测独立域名的 TXT 解析 POST /vip/site/checkDomain */
export function checkOwnDomain(id: number) {
  return postForm<SiteDomainView>('/vip/site/checkDomain', { id });
}

/** 删除域名 POST /vip/site/removeDomain */
export function removeSiteDomain(id: number) {
  return postForm<null>('/vip/site/removeDomain', { id });
}

/** 各版本的成本价与给下级的价格 POST /vip/site/versionPrices */
export function getVersionMoney() {
  return postForm<VersionMoneyRow[]>('/vip/site/versionPrices');
}

/** 保存给下级的版本价格 POST /vip/site/saveVersionPrice */
export function saveVersionMoney(values: VersionMoneyForm) {
  return postForm<null>('/vip/site/saveVersionPrice', { ...values });
}

/** 操作记录：本分站的加价、上架、客户与设置的修改 POST /vip/site/auditLog */
export function getSiteAuditLog(page: number, pageSize: number) {
  return postForm<Paged<AuditEntry>>('/vip/site/auditLog', { page, pageSize });
}

// ---- admin ----

/** 分站列表 POST /{adminPath}/sites/list */
export function adminSiteList(query: AdminSiteQuery) {
  return postForm<Paged<AdminSiteRow>>(adminUrl('sites/list'), { ...query });
}

/** 暂停分站 POST /{adminPath}/sites/suspend */
export function suspendSite(id: number, reason?: string) {
  return postForm<null>(adminUrl('sites/suspend'), { id, reason });
}

/** 恢复分站 POST /{adminPath}/sites/resume */
export function resumeSite(id: number) {
  return postForm<null>(adminUrl('sites/resume'), { id });
}

/** 删除分站域名 POST /{adminPath}/sites/removeDomain */
export function adminRemoveSiteDomain(id: number) {
  return postForm<null>(adminUrl('sites/removeDomain'), { id });
}

/** 分站版本列表 POST /{adminPath}/sites/versions */
export function adminSiteVersions() {
  return postForm<SiteVersionView[]>(adminUrl('sites/versions'));
}

/** 保存分站版本 POST /{adminPath}/sites/versions/save */
export function saveSiteVersion(values: SiteVersionForm) {
  return postForm<{ id: number }>(adminUrl('sites/versions/save'), { ...values });
}

/** 删除分站版本 POST /{adminPath}/sites/versions/delete */
export function deleteSiteVersion(id: number) {
  return postForm<null>(adminUrl('sites/versions/delete'), { id });
}

/** 分站设置：平台域名、利润冻结天数、到期宽限天数 POST /{adminPath}/sites/settings */
export function getSitesSettings() {
  return postForm<SitesSettings>(adminUrl('sites/settings'));
}

/** 保存分站设置（平台域名每行一个） POST /{adminPath}/sites/settings/save */
export function saveSitesSettings(values: { platformDomains: string; freezeDays: number; graceDays: number }) {
  return postForm<SitesSettings>(adminUrl('sites/settings/save'), values);
}
