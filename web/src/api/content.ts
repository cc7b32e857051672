import type { AnnouncementView, Paged, ServiceContacts } from '@kapu/contract';
import { postForm } from '@/app/http/client';

/** 客服联系方式 POST /content/service */
export function getServiceContacts() {
  return postForm<ServiceContacts>('/content/service');
}

/** 公告列表（置顶在前） POST /content/announcements */
export function getAnnouncements(input: { page: number; pageSize: number }) {
  return postForm<Paged<AnnouncementView>>('/content/announcements', { ...input });
}

/** 公告详情（内容为服务端净化过的 HTML） POST /content/announcement */
export function getAnnouncement(id: number) {
  return postForm<AnnouncementView>('/content/announcement', { id });
}

/** 首页弹窗公告（没有时为 null） POST /content/popupAnnouncement */
export function getPopupAnnouncement() {
  return postForm<AnnouncementView | null>('/content/popupAnnouncement');
}
