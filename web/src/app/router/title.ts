import { readSiteTitle } from '../storage/local';

/** Route title + stored site title: "我的订单 - 卡铺"; either alone when the other is empty. */
export function joinTitle(title: string, siteTitle: string = readSiteTitle()): string {
  if (title && siteTitle) return `${title} - ${siteTitle}`;
  return title || siteTitle;
}

/** "(3条消息)我的订单 - 卡铺" when there are unread messages, the plain title otherwise. */
export function tabTitleOf(title: string, count: number): string {
  return count !== 0 ? `(${count}条消息)${title}` : title;
}

/** Sets the browser tab title with the unread-message prefix. */
export function setTabTitle(title: string, count = 0): string {
  const text = tabTitleOf(title, count);
  document.title = text;
  return text;
}
