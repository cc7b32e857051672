import type {
  CsvExport,
  OrderStatus,
  Paged,
  SiteAnnouncementView,
  SiteChildRow,
  SiteCustomerRow,
  SiteOfficeDesktop,
  SiteOrderDetail,
  SiteOrderRow,
} from '@kapu/contract';
import { postForm, type FormValue } from '@/app/http/client';

/** The filters of 分站订单 (and of its export, without the page). */
export interface SiteOrderQuery {
  status?: OrderStatus;
  keyword?: string;
  from?: number;
  to?: number;
  page?: number;
  pageSize?: number;
}

export interface SiteAnnouncementForm {
  id?: number;
  title: string;
  content: string;
  pinned: boolean;
  popup: boolean;
  status: 'published' | 'draft';
}

const form = (q: object) => q as Record<string, FormValue>;

/** 分站概况：销售、订单、我的利润、新客户与近 30 天趋势 POST /vip/office/desktop */
export function getSiteDesktop() {
  return postForm<SiteOfficeDesktop>('/vip/office/desktop');
}

/** 分站订单列表（含我的利润） POST /vip/office/orders */
export function getSiteOrders(query: SiteOrderQuery) {
  return postForm<Paged<SiteOrderRow>>('/vip/office/orders', form(query));
}

/** 分站订单详情（不含卡密） POST /vip/office/order */
export function getSiteOrder(orderNo: string) {
  return postForm<SiteOrderDetail>('/vip/office/order', { orderNo });
}

/** 按筛选条件导出分站订单 CSV POST /vip/office/exportOrders */
export function exportSiteOrders(query: Omit<SiteOrderQuery, 'page' | 'pageSize'>) {
  return postForm<CsvExport>('/vip/office/exportOrders', form(query));
}

/** 分站会员（在本站注册的客户） POST /vip/office/customers */
export function getSiteCustomers(query: { keyword?: string; page: number; pageSize: number }) {
  return postForm<Paged<SiteCustomerRow>>('/vip/office/customers', form(query));
}

/** 设置客户专属价（支付我加价部分的万分比；留空为取消） POST /vip/office/customerPrice */
export function setSiteCustomerPrice(input: { userId: number; keepBp: number | null }) {
  return postForm<Pick<SiteCustomerRow, 'userId' | 'keepBp' | 'disabled'>>('/vip/office/customerPrice', {
    userId: input.userId,
    keepBp: input.keepBp ?? '',
  });
}

/** 停用 / 启用客户在本站购买 POST /vip/office/customerDisabled */
export function setSiteCustomerDisabled(input: { userId: number; disabled: boolean }) {
  return postForm<Pick<SiteCustomerRow, 'userId' | 'keepBp' | 'disabled'>>('/vip/office/customerDisabled', {
    userId: input.userId,
    disabled: input.disabled ? 1 : 0,
  });
}

/** 下级分站 POST /vip/office/children */
export function getSiteChildren(query: { keyword?: string; page: number; pageSize: number }) {
  return postForm<Paged<SiteChildRow>>('/vip/office/children', form(query));
}

/** 分站公告列表（含草稿） POST /vip/office/announcements */
export function getSiteAnnouncements(query: { page: number; pageSize: number }) {
  return postForm<Paged<SiteAnnouncementView>>('/vip/office/announcements', form(query));
}

/** 发布或修改分站公告（正文由服务端净化） POST /vip/office/saveAnnouncement */
export function saveSiteAnnouncement(input: SiteAnnouncementForm) {
  return postForm<{ id: number }>('/vip/office/saveAnnouncement', form(input));
}

/** 删除分站公告 POST /vip/office/deleteAnnouncement */
export function deleteSiteAnnouncement(id: number) {
  return postForm<null>('/vip/office/deleteAnnouncement', { id });
}
