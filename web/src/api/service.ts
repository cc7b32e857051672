import type {
  ConsultAskAnswer,
  ConsultDetail,
  ConsultQueue,
  ConsultRow,
  DeskConsultDetail,
  DeskConsultRow,
  DeskMemberView,
  DeskOrderRow,
  DeskOrderView,
  Paged,
  ServiceReplyView,
} from '@kapu/contract';
import { postForm } from '@/app/http/client';

export interface ConsultAskForm {
  content: string;
  orderNo?: string;
  contact?: string;
}
export interface ServiceReplyForm {
  id?: number;
  title: string;
  body: string;
  sort?: number;
}

// ---------- askers ----------

/** 会员提交咨询 POST /inside/consult/ask */
export function askAsMember(form: ConsultAskForm) {
  return postForm<ConsultAskAnswer>('/inside/consult/ask', { content: form.content, orderNo: form.orderNo });
}
/** 游客提交咨询 POST /visitor/consult/ask */
export function askAsVisitor(form: ConsultAskForm) {
  return postForm<ConsultAskAnswer>('/visitor/consult/ask', { ...form });
}
/** 我的咨询 POST /inside/consult/list */
export function myConsults(page: number, pageSize: number) {
  return postForm<Paged<ConsultRow>>('/inside/consult/list', { page, pageSize });
}
/** 我的咨询详情 POST /inside/consult/detail */
export function myConsult(id: number) {
  return postForm<ConsultDetail>('/inside/consult/detail', { id });
}
/** 会员继续追问 POST /inside/consult/reply */
export function replyMyConsult(input: { id: number; content: string }) {
  return postForm<{ status: string }>('/inside/consult/reply', input);
}
/** 游客凭链接查看咨询 POST /visitor/consult/detail */
export function visitorConsult(token: string) {
  return postForm<ConsultDetail>('/visitor/consult/detail', { token });
}
/** 游客继续追问 POST /visitor/consult/reply */
export function replyVisitorConsult(input: { token: string; content: string }) {
  return postForm<{ status: string }>('/visitor/consult/reply', input);
}

// ---------- the desk ----------

/** 咨询队列 POST /other/consult/list */
export function deskConsults(query: { queue: ConsultQueue; page: number; pageSize: number }) {
  return postForm<Paged<DeskConsultRow>>('/other/consult/list', query);
}
/** 咨询详情 POST /other/consult/detail */
export function deskConsult(id: number) {
  return postForm<DeskConsultDetail>('/other/consult/detail', { id });
}
/** 回复咨询 POST /other/consult/reply */
export function replyDeskConsult(input: { id: number; content: string }) {
  return postForm<{ status: string }>('/other/consult/reply', input);
}
/** 结束咨询 POST /other/consult/close */
export function closeDeskConsult(id: number) {
  return postForm<{ status: string }>('/other/consult/close', { id });
}
/** 常用回复 POST /other/replies/list */
export function serviceReplies() {
  return postForm<ServiceReplyView[]>('/other/replies/list');
}
/** 保存常用回复 POST /other/replies/save */
export function saveServiceReply(form: ServiceReplyForm) {
  return postForm<{ id: number }>('/other/replies/save', { ...form });
}
/** 删除常用回复 POST /other/replies/delete */
export function deleteServiceReply(id: number) {
  return postForm<{ id: number }>('/other/replies/delete', { id });
}
/** 查会员（编号、登录名、手机、邮箱、QQ） POST /other/lookup/members */
export function lookupMembers(keyword: string) {
  return postForm<DeskMemberView[]>('/other/lookup/members', { keyword }, { silent: true });
}
/** 会员的订单 POST /other/lookup/memberOrders */
export function lookupMemberOrders(query: { userId: number; page: number; pageSize: number }) {
  return postForm<Paged<DeskOrderRow>>('/other/lookup/memberOrders', query);
}
/** 查订单（卡密、支付、经过、投诉） POST /other/lookup/order */
export function lookupOrder(orderNo: string) {
  return postForm<DeskOrderView>('/other/lookup/order', { orderNo });
}
