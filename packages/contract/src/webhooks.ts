import { formFlag, pageInput, positiveId } from './account-center.js';
import { z } from './zod-setup.js';

/**
 * Outbound webhooks (Webhook 通知, decision 0017): members and the platform subscribe addresses to
 * domain events; Kapu POSTs each event as signed JSON and logs every attempt. Card contents,
 * secrets and buyers' contacts are never in a webhook body.
 */

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const opt = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());

/** The events one may subscribe to, in the order the form lists them. */
export const WEBHOOK_EVENTS = [
  'order.paid',
  'order.delivered',
  'order.shipped',
  'order.refunded',
  'order.ownerRefundDue',
  'recharge.paid',
  'withdrawal.requested',
  'withdrawal.decided',
  'repeal.decided',
  'complaint.opened',
  'complaint.replied',
  'complaint.escalated',
  'complaint.closed',
  'supply.stockLow',
  'supply.taskCreated',
  'supply.settled',
  'site.expiring',
  'account.levelChanged',
  'promotion.credited',
  'cdk.redeemed',
  'stock.low',
  'stock.restocked',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** The kind of the "send test event" button's delivery (never a domain event). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WebhookEventLabels: Record<WebhookEvent | typeof WEBHOOK_TEST_EVENT, string> = {
  'order.paid': '订单已付款',
  'order.delivered': '订单已发货（交付）',
  'order.shipped': '订单已寄出（快递）',
  'order.refunded': '订单已退款',
  'order.ownerRefundDue': '自有收款订单待站长退款',
  'recharge.paid': '余额充值到账',
  'withdrawal.requested': '提现已申请',
  'withdrawal.decided': '提现已审核',
  'repeal.decided': '卡密撤销已处理',
  'complaint.opened': '投诉已发起',
  'complaint.replied': '投诉有新回复',
  'complaint.escalated': '投诉转平台介入',
  'complaint.closed': '投诉已结束',
  'supply.stockLow': '供货商品库存不足',
  'supply.taskCreated': '供货订单待处理',
  'supply.settled': '供货结算已入账',
  'site.expiring': '分站即将到期',
  'account.levelChanged': '会员等级变更',
  'promotion.credited': '推广佣金入账',
  'cdk.redeemed': '兑换码已兑换',
  'stock.low': '平台商品库存不足',
  'stock.restocked': '平台商品已补货',
  'webhook.test': '测试事件',
};

/** Groups of the event checkboxes. */
export const WebhookEventGroups: Array<{ label: string; events: WebhookEvent[] }> = [
  {
    label: '订单',
    events: ['order.paid', 'order.delivered', 'order.shipped', 'order.refunded', 'order.ownerRefundDue'],
  },
  { label: '资金', events: ['recharge.paid', 'withdrawal.requested', 'withdrawal.decided', 'repeal.decided'] },
  { label: '投诉', events: ['complaint.opened', 'complaint.replied', 'complaint.escalated', 'complaint.closed'] },
  { label: '供货', events: ['supply.stockLow', 'supply.taskCreated', 'supply.settled'] },
  { label: '账户与分站', events: ['site.expiring', 'account.levelChanged', 'promotion.credited', 'cdk.redeemed'] },
  { label: '平台库存', events: ['stock.low', 'stock.restocked'] },
];

/** Events about the platform's own goods: only platform (admin) subscriptions may choose them. */
export const PLATFORM_ONLY_WEBHOOK_EVENTS: readonly WebhookEvent[] = ['stock.low', 'stock.restocked'];

/** How many subscriptions one member may have, and the platform. */
export const WEBHOOK_LIMIT_MEMBER = 10;
export const WEBHOOK_LIMIT_PLATFORM = 50;

export const webhookSaveInput = z.object({
  id: opt(positiveId),
  name: opt(z.string().trim().max(40, { error: '名称不能超过 40 个字符' })),
  url: z
    .string({ error: '请填写回调地址' })
    .trim()
    .min(1, { error: '请填写回调地址' })
    .max(500, { error: '回调地址不能超过 500 个字符' }),
  events: z.preprocess(
    (v) =>
      Array.isArray(v)
        ? v
        : String(v ?? '')
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
    z
      .array(z.enum(WEBHOOK_EVENTS, { error: '没有这种事件类型，请从列表中选择' }))
      .min(1, { error: '请至少选择一种事件' })
      .max(WEBHOOK_EVENTS.length),
  ),
  enabled: formFlag,
});
export type WebhookSaveInput = z.infer<typeof webhookSaveInput>;
export const webhookIdInput = z.object({ id: positiveId });
export const webhookToggleInput = z.object({ id: positiveId, enabled: formFlag });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
export const WebhookDeliveryStatusLabels: Record<WebhookDeliveryStatus, string> = {
  pending: '发送中',
  delivered: '已送达',
  failed: '失败',
};

export const webhookDeliveryListInput = z.object({
  subscriptionId: opt(positiveId),
  status: opt(z.enum(WEBHOOK_DELIVERY_STATUSES, { error: '状态不正确' })),
  ...pageInput,
});
export type WebhookDeliveryListInput = z.infer<typeof webhookDeliveryListInput>;

export interface WebhookView {
  id: number;
  name: string;
  url: string;
  events: WebhookEvent[];
  enabled: boolean;
  /** The secret's last 4 characters (the whole secret is shown once, at creation or rotation). */
  secretHint: string;
  createdAt: string;
  updatedAt: string;
}
export interface WebhookEventOption {
  type: WebhookEvent;
  label: string;
}
export interface WebhooksView {
  list: WebhookView[];
  /** The event groups this owner may choose from. */
  groups: Array<{ label: string; events: WebhookEventOption[] }>;
  limit: number;
}
/** Answer of creating a subscription and of rotating its secret: the secret, this one time. */
export interface WebhookSecretView {
  webhook: WebhookView;
  secret: string;
}

export interface WebhookDeliveryView {
  id: number;
  /** The delivery id the receiver sees (X-Kapu-Delivery and the body's id). */
  deliveryId: string;
  subscriptionId: number;
  subscriptionName: string;
  /** Who owns the subscription: '平台' or the member's login name (admin view). */
  owner: string;
  event: string;
  eventText: string;
  status: WebhookDeliveryStatus;
  statusText: string;
  attempts: number;
  /** The last attempt's HTTP status (null: no answer — timeout or connection failure). */
  httpStatus: number | null;
  /** The last answer's first 500 characters (control characters removed) or the error. */
  excerpt: string;
  durationMs: number | null;
  createdAt: string;
  lastAttemptAt: string;
  /** When the next retry is due ('' when none). */
  nextRetryAt: string;
}
export interface WebhookAttemptView {
  attempt: number;
  at: string;
  httpStatus: number | null;
  excerpt: string;
  error: string;
  durationMs: number;
}
export interface WebhookDeliveryDetailView {
  delivery: WebhookDeliveryView;
  /** The JSON body sent (the same on every attempt and replay). */
  body: string;
  attempts: WebhookAttemptView[];
}
export const webhookDeliveryIdInput = z.object({ id: positiveId });
