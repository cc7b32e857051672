import type {
  BroadcastAudience,
  BroadcastView,
  DeliveryChannel,
  DeliveryStatus,
  DeliveryView,
  MemberChannel,
  MessageCategory,
  MessageSettingsView,
  MessageView,
  Paged,
  RestockStateView,
  RobotKind,
  RobotsView,
  TelegramBindCodeView,
  TelegramSettingView,
  UnreadView,
} from '@kapu/contract';
import { adminUrl } from '@/app/http/admin-path';
import { postForm, type FormValue } from '@/app/http/client';

export interface MessageQuery {
  category?: MessageCategory;
  read?: 'read' | 'unread';
  page?: number;
  pageSize?: number;
}

export interface BroadcastForm {
  audience: BroadcastAudience;
  levelId?: number;
  siteId?: number;
  title: string;
  body: string;
}

export interface TelegramSettingForm {
  botToken?: string;
  apiBase?: string;
  enabled: boolean;
}

export interface RobotForm {
  id?: number;
  name: string;
  kind: RobotKind;
  url?: string;
  secret?: string;
  chatId?: string;
  topics: string[];
  enabled: boolean;
}

const form = (q: object) => q as Record<string, FormValue>;

/** 我的站内信 POST /inside/message/list */
export function getMessages(query: MessageQuery) {
  return postForm<Paged<MessageView>>('/inside/message/list', form(query));
}

/** 未读消息数（铃铛与标签标题轮询） POST /inside/message/unread */
export function getUnread() {
  return postForm<UnreadView>('/inside/message/unread');
}

/** 最新几条消息（铃铛弹出层） POST /inside/message/latest */
export function getLatestMessages() {
  return postForm<UnreadView & { list: MessageView[] }>('/inside/message/latest');
}

/** 标记已读 / 未读 POST /inside/message/read */
export function markMessages(ids: number[], read: boolean) {
  return postForm<UnreadView>('/inside/message/read', { ids: ids.join(','), read: read ? 1 : 0 });
}

/** 全部标为已读 POST /inside/message/readAll */
export function markAllMessagesRead() {
  return postForm<UnreadView & { changed: number }>('/inside/message/readAll');
}

/** 删除消息 POST /inside/message/delete */
export function deleteMessages(ids: number[]) {
  return postForm<UnreadView>('/inside/message/delete', { ids: ids.join(',') });
}

/** 通知设置（各类消息的邮件 / Telegram 开关与绑定状态） POST /inside/message/settings */
export function getMessageSettings() {
  return postForm<MessageSettingsView>('/inside/message/settings');
}

/** 保存一类消息的一个通知渠道开关 POST /inside/message/savePref */
export function saveMessagePref(topic: string, channel: MemberChannel, on: boolean) {
  return postForm<null>('/inside/message/savePref', { topic, channel, on: on ? 1 : 0 });
}

/** 获取 Telegram 一次性绑定码 POST /inside/message/telegramCode */
export function getTelegramCode() {
  return postForm<TelegramBindCodeView>('/inside/message/telegramCode');
}

/** 解除 Telegram 绑定 POST /inside/message/telegramUnbind */
export function unbindTelegram() {
  return postForm<null>('/inside/message/telegramUnbind');
}

/** 是否已订阅到货提醒 POST /inside/restock/state */
export function getRestockState(goodsId: number) {
  return postForm<RestockStateView>('/inside/restock/state', { goodsId });
}

/** 订阅到货提醒 POST /inside/restock/subscribe */
export function subscribeRestock(goodsId: number) {
  return postForm<RestockStateView>('/inside/restock/subscribe', { goodsId });
}

/** 取消到货提醒 POST /inside/restock/unsubscribe */
export function unsubscribeRestock(goodsId: number) {
  return postForm<RestockStateView>('/inside/restock/unsubscribe', { goodsId });
}

/** 群发记录 POST /{adminPath}/messages/broadcasts */
export function adminBroadcasts(page: number, pageSize: number) {
  return postForm<Paged<BroadcastView>>(adminUrl('messages/broadcasts'), { page, pageSize });
}

/** 创建群发（后台任务分批发送） POST /{adminPath}/messages/broadcast */
export function adminBroadcast(input: BroadcastForm) {
  return postForm<{ id: number; audienceSize: number }>(adminUrl('messages/broadcast'), form(input));
}

/** Telegram 机器人设置 POST /{adminPath}/messages/telegram */
export function adminTelegram() {
  return postForm<TelegramSettingView>(adminUrl('messages/telegram'));
}

/** 保存 Telegram 机器人设置 POST /{adminPath}/messages/saveTelegram */
export function adminSaveTelegram(input: TelegramSettingForm) {
  return postForm<TelegramSettingView>(adminUrl('messages/saveTelegram'), {
    botToken: input.botToken ?? '',
    apiBase: input.apiBase ?? '',
    enabled: input.enabled ? 1 : 0,
  });
}

/** 群机器人列表与可选通知事项 POST /{adminPath}/messages/robots */
export function adminRobots() {
  return postForm<RobotsView>(adminUrl('messages/robots'));
}

/** 保存群机器人 POST /{adminPath}/messages/saveRobot */
export function adminSaveRobot(input: RobotForm) {
  return postForm<{ id: number }>(adminUrl('messages/saveRobot'), {
    ...form(input),
    topics: input.topics.join(','),
    enabled: input.enabled ? 1 : 0,
  });
}

/** 删除群机器人 POST /{adminPath}/messages/deleteRobot */
export function adminDeleteRobot(id: number) {
  return postForm<null>(adminUrl('messages/deleteRobot'), { id });
}

/** 发送测试消息到群机器人 POST /{adminPath}/messages/testRobot */
export function adminTestRobot(id: number) {
  return postForm<null>(adminUrl('messages/testRobot'), { id });
}

/** 通知投递记录 POST /{adminPath}/messages/deliveries */
export function adminDeliveries(query: {
  channel?: DeliveryChannel;
  status?: DeliveryStatus;
  page: number;
  pageSize: number;
}) {
  return postForm<Paged<DeliveryView>>(adminUrl('messages/deliveries'), form(query));
}

/** 重发失败的投递 POST /{adminPath}/messages/retryDelivery */
export function adminRetryDelivery(id: number) {
  return postForm<null>(adminUrl('messages/retryDelivery'), { id });
}
