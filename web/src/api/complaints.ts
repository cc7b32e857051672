import type {
  ComplaintDecisionAnswer,
  ComplaintDetail,
  ComplaintEligibility,
  ComplaintQueue,
  ComplaintRow,
  ComplaintSettings,
  ComplaintStatus,
  ComplaintType,
  ComplaintUpload,
  DeskComplaintRow,
  Paged,
} from '@kapu/contract';
import { postFile, postForm } from '@/app/http/client';
import { adminUrl } from '@/app/http/admin-path';

/** A new complaint as the form sends it: evidence tokens comma-separated. */
export interface ComplaintOpenForm {
  orderNo: string;
  type: ComplaintType;
  content: string;
  images: string;
}
export interface ComplaintReplyForm {
  id: number;
  content: string;
  images: string;
}
export interface ComplaintDecideForm {
  id: number;
  decision: 'refund_full' | 'refund_part' | 'reject';
  /** Yuan text, for a part. */
  amount?: string;
  note: string;
}
export interface DeskComplaintQuery {
  queue: ComplaintQueue;
  status?: ComplaintStatus;
  orderNo?: string;
  page: number;
  pageSize: number;
}
const staffUrl = (side: 'desk' | 'admin', path: string) =>
  side === 'desk' ? `/other/complaint/${path}` : adminUrl(`complaints/${path}`);

// ---------- the buyer ----------

/** 订单能否投诉（按钮与表单先问） POST /inside/complaint/eligibility */
export function complaintEligibility(orderNo: string) {
  return postForm<ComplaintEligibility>('/inside/complaint/eligibility', { orderNo });
}
/** 发起投诉 POST /inside/complaint/open */
export function openComplaint(form: ComplaintOpenForm) {
  return postForm<{ id: number }>('/inside/complaint/open', { ...form });
}
/** 我的投诉 POST /inside/complaint/list */
export function myComplaints(query: { status?: ComplaintStatus; page: number; pageSize: number }) {
  return postForm<Paged<ComplaintRow>>('/inside/complaint/list', query);
}
/** 投诉详情与对话 POST /inside/complaint/detail */
export function myComplaint(id: number) {
  return postForm<ComplaintDetail>('/inside/complaint/detail', { id });
}
/** 买家回复 POST /inside/complaint/reply */
export function replyMyComplaint(form: ComplaintReplyForm) {
  return postForm<{ status: ComplaintStatus }>('/inside/complaint/reply', { ...form });
}
/** 撤回投诉 POST /inside/complaint/withdraw */
export function withdrawComplaint(id: number) {
  return postForm<{ status: ComplaintStatus }>('/inside/complaint/withdraw', { id });
}
/** 申请平台介入 POST /inside/complaint/arbitrate */
export function arbitrateComplaint(id: number) {
  return postForm<{ status: ComplaintStatus }>('/inside/complaint/arbitrate', { id });
}
/** 上传投诉凭证图片（会员与供货商） POST /inside/complaint/upload */
export function uploadEvidence(file: Blob) {
  return postFile<ComplaintUpload>('/inside/complaint/upload', file);
}

// ---------- the buyer (visitor: the order's query password) ----------

/** A visitor's credentials on their order. */
export interface VisitorComplaintQuery {
  orderNo: string;
  /** One of the two: the query password, or the access token the browser got with the order. */
  queryPassword?: string;
  accessToken?: string;
}
/** 游客查看订单的投诉（与能否投诉） POST /visitor/complaint/get */
export function visitorComplaint(query: VisitorComplaintQuery) {
  return postForm<{ eligibility: ComplaintEligibility; complaint: ComplaintDetail | null }>(
    '/visitor/complaint/get',
    { ...query },
    { silent: true },
  );
}
/** 游客发起投诉 POST /visitor/complaint/open */
export function openVisitorComplaint(form: ComplaintOpenForm & VisitorComplaintQuery) {
  return postForm<{ id: number }>('/visitor/complaint/open', { ...form });
}
/** 游客回复 POST /visitor/complaint/reply */
export function replyVisitorComplaint(form: VisitorComplaintQuery & { content: string; images: string }) {
  return postForm<{ status: ComplaintStatus }>('/visitor/complaint/reply', { ...form });
}
/** 游客撤回投诉 POST /visitor/complaint/withdraw */
export function withdrawVisitorComplaint(query: VisitorComplaintQuery) {
  return postForm<{ status: ComplaintStatus }>('/visitor/complaint/withdraw', { ...query });
}
/** 游客申请平台介入 POST /visitor/complaint/arbitrate */
export function arbitrateVisitorComplaint(query: VisitorComplaintQuery) {
  return postForm<{ status: ComplaintStatus }>('/visitor/complaint/arbitrate', { ...query });
}
/** 游客上传投诉凭证图片 POST /visitor/complaint/upload */
export function uploadVisitorEvidence(file: Blob) {
  return postFile<ComplaintUpload>('/visitor/complaint/upload', file);
}

// ---------- the seller (supplier) ----------

/** 我的供货投诉 POST /supply/complaint/list */
export function sellerComplaints(query: { status?: ComplaintStatus; page: number; pageSize: number }) {
  return postForm<Paged<DeskComplaintRow>>('/supply/complaint/list', query);
}
/** 供货投诉详情 POST /supply/complaint/detail */
export function sellerComplaint(id: number) {
  return postForm<ComplaintDetail>('/supply/complaint/detail', { id });
}
/** 卖家回复 POST /supply/complaint/reply */
export function replySellerComplaint(form: ComplaintReplyForm) {
  return postForm<{ status: ComplaintStatus }>('/supply/complaint/reply', { ...form });
}

// ---------- service staff (desk or admin) ----------

/** 投诉队列 POST /other/complaint/list 或 /{adminPath}/complaints/list */
export function staffComplaints(side: 'desk' | 'admin', query: DeskComplaintQuery) {
  return postForm<Paged<DeskComplaintRow>>(staffUrl(side, 'list'), { ...query });
}
/** 投诉详情 POST /other/complaint/detail 或 /{adminPath}/complaints/detail */
export function staffComplaint(side: 'desk' | 'admin', id: number) {
  return postForm<ComplaintDetail>(staffUrl(side, 'detail'), { id });
}
/** 客服回复 POST /other/complaint/reply 或 /{adminPath}/complaints/reply */
export function replyStaffComplaint(side: 'desk' | 'admin', form: ComplaintReplyForm) {
  return postForm<{ status: ComplaintStatus }>(staffUrl(side, 'reply'), { ...form });
}
/** 认领或转交投诉 POST /other/complaint/assign 或 /{adminPath}/complaints/assign */
export function assignComplaint(side: 'desk' | 'admin', id: number, staffId?: number) {
  return postForm<{ assigneeId: number }>(staffUrl(side, 'assign'), { id, staffId });
}
/** 处理投诉（退款全部/部分、驳回） POST /other/complaint/decide 或 /{adminPath}/complaints/decide */
export function decideComplaint(side: 'desk' | 'admin', form: ComplaintDecideForm) {
  return postForm<ComplaintDecisionAnswer>(staffUrl(side, 'decide'), { ...form });
}
/** 可转交的客服 POST /other/complaint/colleagues 或 /{adminPath}/complaints/colleagues */
export function complaintColleagues(side: 'desk' | 'admin') {
  return postForm<Array<{ id: number; username: string; nickname: string }>>(staffUrl(side, 'colleagues'));
}
/** 上传投诉凭证图片（客服） POST /other/complaint/upload 或 /{adminPath}/complaints/upload */
export function uploadStaffEvidence(side: 'desk' | 'admin', file: Blob) {
  return postFile<ComplaintUpload>(staffUrl(side, 'upload'), file);
}
/** 投诉设置 POST /{adminPath}/complaints/settings */
export function complaintSettings() {
  return postForm<ComplaintSettings>(adminUrl('complaints/settings'));
}
/** 保存投诉设置 POST /{adminPath}/complaints/saveSettings */
export function saveComplaintSettings(form: ComplaintSettings) {
  return postForm<ComplaintSettings>(adminUrl('complaints/saveSettings'), { ...form });
}
