import { formFlag, pageInput, positiveId } from './account-center.js';
import { idsInput } from './commerce.js';
import { z } from './zod-setup.js';

/**
 * In-app messages (站内信) and the channels beyond the app: e-mail and Telegram per member and
 * per topic (the kind of event a message is about), group robots for staff. Every message is
 * written by a consumer of a domain event (or an admin broadcast); times are formatted text.
 */

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const opt = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());

/** What a message is about, as the member filters it (each topic belongs to one). */
export const MESSAGE_CATEGORIES = [
  'order',
  'complaint',
  'funds',
  'promotion',
  'site',
  'supply',
  'account',
  'restock',
  'system',
] as const;
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];
export const MessageCategoryLabels: Record<MessageCategory, string> = {
  order: '订单',
  complaint: '投诉与咨询',
  funds: '资金',
  promotion: '推广',
  supply: '供货',
  site: '分站',
  account: '账户',
  restock: '到货提醒',
  system: '系统通知',
};

/** Channels beyond the app a member may switch on per topic. */
export const MEMBER_CHANNELS = ['email', 'telegram'] as const;
export type MemberChannel = (typeof MEMBER_CHANNELS)[number];

export const messageListInput = z.object({
  category: opt(z.enum(MESSAGE_CATEGORIES, { error: '消息类型不正确' })),
  read: opt(z.enum(['read', 'unread'], { error: '已读状态不正确' })),
  ...pageInput,
});
export type MessageListInput = z.infer<typeof messageListInput>;
export const messageReadInput = idsInput.extend({ read: formFlag });
export const messageIdsInput = idsInput;

export interface MessageView {
  id: number;
  topic: string;
  category: MessageCategory;
  title: string;
  body: string;
  /** A page of the shop the message is about ('' when none), e.g. /inside/showordermess?orderNo=… */
  link: string;
  read: boolean;
  createdAt: string;
}

/** The bell's cheap poll: the unread count (a counter kept with the writes, one row read). */
export interface UnreadView {
  unread: number;
}

export const messagePrefInput = z.object({
  topic: z.string().trim().min(1, { error: '请选择通知类型' }).max(40, { error: '通知类型不正确' }),
  channel: z.enum(MEMBER_CHANNELS, { error: '通知渠道不正确' }),
  on: formFlag,
});

export interface MessageTopicPref {
  topic: string;
  label: string;
  category: MessageCategory;
  email: boolean;
  telegram: boolean;
}

export interface MessageSettingsView {
  topics: MessageTopicPref[];
  email: { available: boolean; address: string };
  telegram: { available: boolean; botName: string; bound: boolean; chatName: string; boundAt: string };
}

export interface TelegramBindCodeView {
  code: string;
  botName: string;
  /** https://t.me/<bot>?start=<code> */
  link: string;
  expiresAt: string;
  /** Seconds the code stays valid. */
  ttlSeconds: number;
}

export const restockInput = z.object({ goodsId: positiveId });
export interface RestockStateView {
  subscribed: boolean;
}

// ---- admin ----

export const BROADCAST_AUDIENCES = ['all', 'level', 'site'] as const;
export type BroadcastAudience = (typeof BROADCAST_AUDIENCES)[number];
export const BroadcastAudienceLabels: Record<BroadcastAudience, string> = {
  all: '全部会员',
  level: '指定会员等级',
  site: '指定分站的会员',
};
const plain = (label: string, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, { error: `请填写${label}` })
    .max(max, { error: `${label}不能超过 ${max} 个字符` });

export const broadcastCreateInput = z
  .object({
    audience: z.enum(BROADCAST_AUDIENCES, { error: '请选择发送对象' }),
    levelId: opt(positiveId),
    siteId: opt(positiveId),
    title: plain('标题', 60),
    body: plain('内容', 2000),
  })
  .refine((v) => v.audience !== 'level' || v.levelId !== undefined, {
    error: '请选择会员等级',
    path: ['levelId'],
  })
  .refine((v) => v.audience !== 'site' || v.siteId !== undefined, { error: '请选择分站', path: ['siteId'] });

export type BroadcastStatus = 'queued' | 'sending' | 'done';
export const BroadcastStatusLabels: Record<BroadcastStatus, string> = {
  queued: '排队中',
  sending: '发送中',
  done: '已完成',
};
export interface BroadcastView {
  id: number;
  audience: BroadcastAudience;
  audienceText: string;
  title: string;
  body: string;
  status: BroadcastStatus;
  statusText: string;
  /** Messages written so far. */
  sent: number;
  createdBy: string;
  createdAt: string;
  finishedAt: string;
}
export const broadcastListInput = z.object({ ...pageInput });

export const telegramSettingInput = z.object({
  /** Blank keeps the saved token. */
  botToken: opt(
    z
      .string()
      .trim()
      .regex(/^\d{5,15}:[\w-]{20,60}$/, { error: '机器人令牌格式不正确，应类似 123456789:AA…' }),
  ),
  apiBase: opt(
    z
      .string()
      .trim()
      .max(200, { error: '接口地址不能超过 200 个字符' })
      .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, { error: '接口地址须以 http:// 或 https:// 开头' }),
  ),
  enabled: formFlag,
});
export interface TelegramSettingView {
  enabled: boolean;
  /** Whether a token is saved (it is never answered). */
  hasToken: boolean;
  botName: string;
  apiBase: string;
}

/** Staff topics a group robot may be told about (pending work). */
export const ROBOT_KINDS = ['wecom', 'dingtalk', 'telegram'] as const;
export type RobotKind = (typeof ROBOT_KINDS)[number];
export const RobotKindLabels: Record<RobotKind, string> = {
  wecom: '企业微信群机器人',
  dingtalk: '钉钉群机器人',
  telegram: 'Telegram 群',
};

export const robotSaveInput = z.object({
  id: opt(positiveId),
  name: plain('名称', 40),
  kind: z.enum(ROBOT_KINDS, { error: '请选择机器人类型' }),
  /** 企业微信 / 钉钉: the webhook address (with its key or access_token); blank keeps the saved one. */
  url: opt(
    z
      .string()
      .trim()
      .max(500, { error: '地址不能超过 500 个字符' })
      .regex(/^https?:\/\/\S+$/, { error: '地址须以 http:// 或 https:// 开头' }),
  ),
  /** 钉钉 加签 secret (SEC…); blank keeps the saved one. */
  secret: opt(z.string().trim().max(200, { error: '加签密钥不能超过 200 个字符' })),
  /** Telegram group: the chat id (e.g. -1001234567890). */
  chatId: opt(
    z
      .string()
      .trim()
      .regex(/^-?\d{1,20}$|^@\w{4,40}$/, { error: '群聊 ID 格式不正确' }),
  ),
  topics: z.preprocess(
    (v) =>
      Array.isArray(v)
        ? v
        : String(v ?? '')
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
    z.array(z.string().max(40)).min(1, { error: '请至少选择一种通知事项' }).max(20),
  ),
  enabled: formFlag,
});
export type RobotSaveInput = z.infer<typeof robotSaveInput>;

export interface RobotView {
  id: number;
  name: string;
  kind: RobotKind;
  kindText: string;
  /** The address with its key masked. */
  urlMasked: string;
  hasSecret: boolean;
  chatId: string;
  topics: string[];
  enabled: boolean;
  updatedAt: string;
}
export interface RobotTopicView {
  topic: string;
  label: string;
}
export interface RobotsView {
  robots: RobotView[];
  topics: RobotTopicView[];
}

export type DeliveryStatus = 'pending' | 'sent' | 'failed';
export const DeliveryStatusLabels: Record<DeliveryStatus, string> = {
  pending: '待发送',
  sent: '已送达',
  failed: '失败',
};
export const DELIVERY_CHANNELS = ['email', 'telegram', 'robot'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
export const DeliveryChannelLabels: Record<DeliveryChannel, string> = {
  email: '邮件',
  telegram: 'Telegram',
  robot: '群机器人',
};
export const deliveryListInput = z.object({
  channel: opt(z.enum(DELIVERY_CHANNELS, { error: '渠道不正确' })),
  status: opt(z.enum(['pending', 'sent', 'failed'], { error: '状态不正确' })),
  ...pageInput,
});
export interface DeliveryView {
  id: number;
  channel: DeliveryChannel;
  channelText: string;
  topic: string;
  /** Who or where, masked: a member's login name, a robot's name. */
  target: string;
  subject: string;
  status: DeliveryStatus;
  statusText: string;
  attempts: number;
  lastError: string;
  createdAt: string;
  sentAt: string;
}
