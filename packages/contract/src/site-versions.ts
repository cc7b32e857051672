import { formFlag, pageInput } from './account-center.js';
import { flag, idField, yuan, type MemberLabel } from './commerce.js';
import { z } from './zod-setup.js';

/**
 * Sub-sites (decision 0009), the owner's side of them: versions the admin sells, opening,
 * renewing and upgrading a site, its profile, path and domains, the version prices a parent
 * sets for its children, and the admin's sites list and settings. Amounts typed are yuan text;
 * every amount answered is integer fen.
 */

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const opt = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());
const intIn = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}须为整数` })
    .int({ error: `${label}须为整数` })
    .min(min, { error: `${label}不能小于 ${min}` })
    .max(max, { error: `${label}不能大于 ${max}` });
/** Text shown to people: no markup, no control characters. */
const plain = (label: string, max: number) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .max(max, { error: `${label}不能超过 ${max} 个字符` })
    // eslint-disable-next-line no-control-regex
    .refine((s) => !/[<>\u0000-\u001f\u007f\u2028\u2029]/.test(s), { error: `${label}不能包含 < > 或控制字符` });
const required = (label: string, max: number) =>
  plain(label, max).refine((s) => s.length > 0, { error: `请填写${label}` });
/** A price that may be absent: blank means "not sold" (versions) or "my cost" (prices to children). */
const optionalYuan = (label: string) => opt(yuan(label));
const off = (v: 0 | 1 | undefined) => v ?? 0;

export const SITE_PERIODS = ['month', 'year', 'forever'] as const;
export type SitePeriod = (typeof SITE_PERIODS)[number];
export const SitePeriodLabels: Record<SitePeriod, string> = { month: '按月', year: '按年', forever: '永久' };
/** Days one period buys (renewals add them; an upgrade credits the rest pro rata over them). */
export const SITE_PERIOD_DAYS: Record<Exclude<SitePeriod, 'forever'>, number> = { month: 30, year: 365 };

export const SITE_STATUSES = ['active', 'closed', 'suspended', 'expired'] as const;
export type SiteStatus = (typeof SITE_STATUSES)[number];
export const SiteStatusLabels: Record<SiteStatus, string> = {
  active: '正常',
  closed: '已关闭',
  suspended: '已暂停',
  expired: '已到期',
};

/** A site path: 3–32 lower-case letters, digits and hyphens, not starting or ending with a hyphen. */
export const SITE_PATH_REGEX = /^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/;
const sitePath = z
  .string({ error: '请输入访问路径' })
  .trim()
  .toLowerCase()
  .regex(SITE_PATH_REGEX, { error: '访问路径须为 3-32 位小写字母、数字或短横线，且不能以短横线开头或结尾' });

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** A host name as people type it (scheme, port, path and a trailing dot dropped), lower-case; null when it is not one. */
export function normalizeHost(text: string): string | null {
  let h = text.trim().toLowerCase();
  h = h.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  h = h.split(/[/?#]/)[0].replace(/:\d+$/, '').replace(/\.$/, '');
  if (h.length === 0 || h.length > 253) return null;
  const labels = h.split('.');
  if (labels.length < 2 || !labels.every((l) => HOST_LABEL.test(l))) return null;
  if (!/^[a-z][a-z0-9-]*$/.test(labels[labels.length - 1])) return null;
  return h;
}
const hostField = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .max(260, { error: `${label}过长` })
    .transform((v, ctx) => {
      const host = normalizeHost(v);
      if (!host) {
        ctx.issues.push({ code: 'custom', message: `${label}格式不正确，请填写如 shop.example.com 的域名`, input: v });
        return z.NEVER;
      }
      return host;
    });
const salePwd = opt(z.string().max(64));
const period = z.enum(SITE_PERIODS, { error: '请选择开通时长' });
const uploadPath = z
  .string()
  .trim()
  .max(255, { error: '图片地址过长' })
  .regex(/^\/uploads\/[A-Za-z0-9/_.-]+$/, { error: '请上传图片' });

// ---- versions (admin) ----

export interface SitePeriodPrices {
  /** fen; null: the period is not sold. */
  month: number | null;
  year: number | null;
  forever: number | null;
}
export interface SiteFeatures {
  ownDomain: boolean;
  subdomain: boolean;
  /** 0: no child sites. */
  maxChildren: number;
  /** 0: no limit. */
  maxGoods: number;
  decoration: boolean;
  ownPayment: boolean;
  openApi: boolean;
}
export const SiteFeatureLabels: Record<keyof SiteFeatures, string> = {
  ownDomain: '绑定独立域名',
  subdomain: '二级域名',
  maxChildren: '下级分站',
  maxGoods: '商品数量',
  decoration: '店铺装修',
  ownPayment: '独立收款通道',
  openApi: '开放接口',
};

/** POST /{adminPath}/sites/versions/save — create (no id) or update a version. */
export const siteVersionSaveInput = z
  .object({
    id: opt(idField('版本')),
    name: required('版本名称', 50),
    description: opt(plain('版本说明', 500)).transform((v) => v ?? ''),
    priceMonth: optionalYuan('按月价格'),
    priceYear: optionalYuan('按年价格'),
    priceForever: optionalYuan('永久价格'),
    levelId: idField('会员等级'),
    ownDomain: flag.transform(off),
    subdomain: flag.transform(off),
    decoration: flag.transform(off),
    ownPayment: flag.transform(off),
    openApi: flag.transform(off),
    maxChildren: opt(intIn('下级分站数量', 0, 100_000)).transform((v) => v ?? 0),
    maxGoods: opt(intIn('商品数量上限', 0, 1_000_000)).transform((v) => v ?? 0),
    sort: opt(intIn('版本等级', 0, 9999)).transform((v) => v ?? 0),
    status: opt(z.enum(['on', 'off'], { error: '状态只能是上架或下架' })).transform((v) => v ?? 'on'),
  })
  .refine((v) => v.priceMonth !== undefined || v.priceYear !== undefined || v.priceForever !== undefined, {
    error: '请至少设置一种开通时长的价格',
    path: ['priceMonth'],
  });
export const siteVersionIdInput = z.object({ id: idField('版本') });

export interface SiteVersionView {
  id: number;
  name: string;
  description: string;
  prices: SitePeriodPrices;
  levelId: number;
  levelName: string;
  features: SiteFeatures;
  /** The tier: an upgrade goes to a higher one; lists show versions by it. */
  sort: number;
  status: 'on' | 'off';
  /** Sites on this version now. */
  siteCount: number;
  updatedAt: string;
}

// ---- opening, renewing, upgrading (member) ----

/** A version as a member may buy it: prices at the site where they registered. */
export interface SiteVersionOffer {
  id: number;
  name: string;
  description: string;
  prices: SitePeriodPrices;
  levelName: string;
  features: SiteFeatures;
  sort: number;
}

export interface MySiteView {
  id: number;
  title: string;
  path: string;
  status: SiteStatus;
  statusText: string;
  versionId: number | null;
  versionName: string;
  versionSort: number;
  period: SitePeriod | null;
  periodText: string;
  /** null: never (permanent). */
  expiresAt: string | null;
  expiresAtMs: number | null;
  /** Whole days left (0 when past), null when permanent. */
  daysLeft: number | null;
  /** Past its time but still open for the grace days. */
  inGrace: boolean;
  /** When an expired (or past-time) site closes, null when permanent. */
  graceEndsAt: string | null;
  paidPrice: number;
  features: SiteFeatures;
  /** Where the site is reached: its path and its verified domains. */
  addresses: string[];
  closedReason: string;
  createdAt: string;
}

/** POST /inside/site/options — what /inside/selfCreatVip shows. */
export interface SiteOpenOptions {
  versions: SiteVersionOffer[];
  /** The site the member registered at (the new site's parent). */
  parentTitle: string;
  /** False with a reason when the member may not open a site here. */
  canOpen: boolean;
  reason: string;
  /** Balance payments need the sale password. */
  salePwdRequired: boolean;
  mySite: MySiteView | null;
  /** A site opening paid online (a recharge of the shortfall), until it is done or cancelled. */
  openRequest: SiteOpenRequestView | null;
}

/** POST /inside/site/openOnline: the open call's choice, paid by recharging the shortfall first. */
export const siteOpenOnlineInput = siteOpenInputShape();
export interface SiteOpenOnlineAnswer {
  /** The price now and what the member must recharge (fen). */
  price: number;
  shortfall: number;
}
/** An opening waiting for the member's recharge; opened as soon as the money is credited. */
export interface SiteOpenRequestView {
  title: string;
  path: string;
  versionName: string;
  period: SitePeriod;
  price: number;
  status: 'waiting' | 'done' | 'failed' | 'cancelled' | 'expired';
  statusText: string;
  /** Why it failed or still waits (e.g. the balance is still short). */
  reason: string;
  createdAt: string;
}

export const sitePathCheckInput = z.object({ path: z.string({ error: '请输入访问路径' }).trim().max(64) });
export interface SitePathCheck {
  available: boolean;
  /** Why not, in Chinese; '' when available. */
  reason: string;
}

/** POST /inside/site/open */
function siteOpenInputShape() {
  return z.object({
    versionId: idField('版本'),
    period,
    title: required('分站名称', 50),
    path: sitePath,
    /** The site's first price rule: a global markup for its buyers, in percent (the owner edits it later). */
    markupPercent: z.preprocess(blank, intIn('默认加价比例', 0, 1000).default(10)),
  });
}
export const siteOpenInput = siteOpenInputShape().extend({ salePwd });
/** POST /inside/site/renew */
export const siteRenewInput = z.object({ period, salePwd });
/** POST /inside/site/upgradeQuote */
export const siteUpgradeQuoteInput = z.object({ versionId: idField('版本'), period });
/** POST /inside/site/upgrade */
export const siteUpgradeInput = siteUpgradeQuoteInput.extend({ salePwd });

export interface SiteUpgradeQuote {
  /** The new version's price for the period. */
  price: number;
  /** What the rest of the current period is worth (pro rata; permanent: all that was paid). */
  credit: number;
  /** What is paid now: price − credit, never below 0. */
  charge: number;
  expiresAt: string | null;
}

export interface SitePurchaseAnswer {
  siteId: number;
  path: string;
  purchaseNo: string;
  kind: 'open' | 'renew' | 'upgrade';
  /** Paid from the balance (fen). */
  amount: number;
  expiresAt: string | null;
}

export interface SitePurchaseRow {
  purchaseNo: string;
  kind: 'open' | 'renew' | 'upgrade';
  kindText: string;
  versionName: string;
  period: SitePeriod;
  periodText: string;
  price: number;
  credit: number;
  amount: number;
  expiresAfter: string | null;
  createdAt: string;
}
export const SitePurchaseKindLabels = { open: '开通', renew: '续费', upgrade: '升级' } as const;

// ---- the owner's site (/vip) ----

export interface SiteContacts {
  qq: string;
  wechat: string;
  phone: string;
  email: string;
  text: string;
}

/** POST /vip/site/saveProfile (vipWebSite) */
export const siteProfileInput = z.object({
  title: required('分站名称', 50),
  subtitle: opt(plain('网页标题', 100)).transform((v) => v ?? ''),
  logo: opt(uploadPath).transform((v) => v ?? ''),
  keywords: opt(plain('关键词', 200)).transform((v) => v ?? ''),
  description: opt(plain('站点描述', 500)).transform((v) => v ?? ''),
  qq: opt(
    z
      .string()
      .trim()
      .regex(/^[1-9]\d{4,11}$/, { error: 'QQ 号格式不正确' }),
  ).transform((v) => v ?? ''),
  wechat: opt(plain('微信号', 50)).transform((v) => v ?? ''),
  phone: opt(
    z
      .string()
      .trim()
      .regex(/^[\d+\- ]{5,20}$/, { error: '电话格式不正确' }),
  ).transform((v) => v ?? ''),
  email: opt(
    z
      .string()
      .trim()
      .max(100)
      .regex(/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/, { error: '邮箱格式不正确' }),
  ).transform((v) => v ?? ''),
  text: opt(plain('客服说明', 200)).transform((v) => v ?? ''),
});
export interface SiteProfileView {
  title: string;
  subtitle: string;
  logo: string;
  keywords: string;
  description: string;
  contacts: SiteContacts;
  status: SiteStatus;
  statusText: string;
  closedReason: string;
  addresses: string[];
}
/** POST /vip/site/setOpen — the owner opens or closes the site (a closed site shows a notice to buyers). */
export const siteOpenStateInput = z.object({ open: formFlag, reason: opt(plain('关闭说明', 200)) });

/** POST /vip/site/savePath (pagePath) */
export const sitePathInput = z.object({ path: sitePath });

export interface SiteDomainView {
  id: number;
  host: string;
  kind: 'subdomain' | 'custom';
  verified: boolean;
  verifiedAt: string | null;
  checkedAt: string | null;
  /** The TXT record to create (custom domains): name and value. */
  txtName: string;
  txtValue: string;
  /** Where the CNAME should point (the first platform domain), '' when none is set. */
  cnameTarget: string;
}
export interface SitePathView {
  path: string;
  domains: SiteDomainView[];
  platformDomains: string[];
  subdomainAllowed: boolean;
  ownDomainAllowed: boolean;
}
/** POST /vip/site/addSubdomain */
export const siteSubdomainInput = z.object({
  label: z
    .string({ error: '请输入二级域名前缀' })
    .trim()
    .toLowerCase()
    .regex(/^(?!-)[a-z0-9-]{1,63}(?<!-)$/, { error: '二级域名前缀只能包含小写字母、数字和短横线' }),
  platformDomain: hostField('主域名'),
});
/** POST /vip/site/addDomain */
export const siteDomainInput = z.object({ host: hostField('域名') });
export const siteDomainIdInput = z.object({ id: idField('域名') });

/** POST /vip/site/versionPrices (vipVersionMoney): what children pay for each version, next to my cost. */
export interface VersionMoneyRow {
  versionId: number;
  name: string;
  /** What I pay at my parent (my cost). */
  cost: SitePeriodPrices;
  /** What my children pay: my setting, or my cost when I set none. */
  price: SitePeriodPrices;
  custom: boolean;
}
/** POST /vip/site/saveVersionPrice — blank periods sell at my cost. */
export const versionMoneySaveInput = z.object({
  versionId: idField('版本'),
  priceMonth: optionalYuan('按月价格'),
  priceYear: optionalYuan('按年价格'),
  priceForever: optionalYuan('永久价格'),
});

// ---- admin ----

export const adminSiteListInput = z.object({
  keyword: opt(plain('关键词', 50)),
  status: opt(z.enum(SITE_STATUSES, { error: '不支持的状态' })),
  ...pageInput,
});
export interface AdminSiteRow {
  id: number;
  title: string;
  path: string;
  status: SiteStatus;
  statusText: string;
  ownerId: number | null;
  owner: MemberLabel | null;
  versionName: string;
  periodText: string;
  expiresAt: string | null;
  parentId: number | null;
  parentTitle: string;
  depth: number;
  domains: Array<{ id: number; host: string; kind: 'subdomain' | 'custom'; verified: boolean }>;
  closedReason: string;
  createdAt: string;
}
export const adminSiteIdInput = z.object({ id: idField('分站') });
export const adminSiteSuspendInput = z.object({ id: idField('分站'), reason: opt(plain('暂停原因', 200)) });
export const adminSiteDomainInput = z.object({ id: idField('域名') });

export interface SitesSettings {
  /** Host names whose subdomains name sites (`abc.<domain>`). */
  platformDomains: string[];
  /** Days a profit share stays frozen before it reaches the owner's balance. */
  freezeDays: number;
  /** Days an expired site stays open before it closes. */
  graceDays: number;
}
/** POST /{adminPath}/sites/settings/save — platform domains one per line. */
export const sitesSettingsInput = z.object({
  platformDomains: z
    .preprocess(
      (v) => (Array.isArray(v) ? v.join('\n') : v === undefined ? '' : v),
      z.string().max(2000, { error: '平台域名过多' }),
    )
    .transform((text, ctx) => {
      const hosts: string[] = [];
      for (const line of text.split(/[\s,，]+/).filter(Boolean)) {
        const host = normalizeHost(line);
        if (!host) {
          ctx.issues.push({ code: 'custom', message: `平台域名格式不正确：${line.slice(0, 60)}`, input: line });
          return z.NEVER;
        }
        if (!hosts.includes(host)) hosts.push(host);
      }
      if (hosts.length > 20) {
        ctx.issues.push({ code: 'custom', message: '平台域名最多 20 个', input: text });
        return z.NEVER;
      }
      return hosts;
    }),
  freezeDays: intIn('利润冻结天数', 0, 365),
  graceDays: intIn('到期宽限天数', 0, 90),
});
