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

const COUNT_PREFIX = /^\(\d+条消息\)/;
/** The member's unread count as the bell last read it (0 outside the member centre). */
let unreadForTitle = 0;

/** The count every tab title carries from now on; the current title is updated at once (no reload). */
export function setUnreadForTitle(count: number): void {
  unreadForTitle = count;
  document.title = tabTitleOf(document.title.replace(COUNT_PREFIX, ''), count);
}

/** The count the next navigation's title carries. */
export function currentUnreadForTitle(): number {
  return unreadForTitle;
}

/** Sets the browser tab title with the unread-message prefix. */
export function setTabTitle(title: string, count = 0): string {
  const text = tabTitleOf(title, count);
  document.title = text;
  return text;
}
