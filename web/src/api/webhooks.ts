import type {
  Paged,
  WebhookDeliveryDetailView,
  WebhookDeliveryStatus,
  WebhookDeliveryView,
  WebhookSecretView,
  WebhookView,
  WebhooksView,
} from '@kapu/contract';
import { postForm, type FormValue } from '@/app/http/client';
import { adminUrl } from '@/app/http/admin-path';

const form = (q: object) => q as Record<string, FormValue>;

/** A subscription as the form sends it (events: the chosen event types). */
export interface WebhookForm {
  id?: number;
  name?: string;
  url: string;
  events: string[];
  enabled: boolean;
}
export interface WebhookDeliveryQuery {
  subscriptionId?: number;
  status?: WebhookDeliveryStatus;
  page: number;
  pageSize: number;
}

function callsAt(url: (call: string) => string) {
  return {
    /** Webhook 列表与可选事件 */
    list: () => postForm<WebhooksView>(url('list'), {}),
    /** 新建（答复一次性显示的密钥）或修改 Webhook */
    save: (values: WebhookForm) => postForm<WebhookSecretView | WebhookView>(url('save'), form(values)),
    /** 启用或停用 */
    toggle: (id: number, enabled: boolean) => postForm<null>(url('toggle'), { id, enabled }),
    /** 更换签名密钥（新密钥只显示这一次） */
    rotate: (id: number) => postForm<WebhookSecretView>(url('rotate'), { id }),
    /** 删除（连同投递记录） */
    remove: (id: number) => postForm<null>(url('delete'), { id }),
    /** 发送测试事件 */
    test: (id: number) => postForm<{ id: number }>(url('test'), { id }),
    /** 投递记录 */
    deliveries: (query: WebhookDeliveryQuery) => postForm<Paged<WebhookDeliveryView>>(url('deliveries'), form(query)),
    /** 一次投递的请求内容与每次尝试 */
    delivery: (id: number) => postForm<WebhookDeliveryDetailView>(url('delivery'), { id }),
    /** 重发一次投递（同一编号与内容，新的时间戳与签名） */
    replay: (id: number) => postForm<null>(url('replay'), { id }),
  };
}

/** 会员的 Webhook POST /inside/webhook/* */
export const memberWebhooks = callsAt((call) => `/inside/webhook/${call}`);
/** 平台 Webhook 与全部投递 POST /{adminPath}/webhooks/* */
export const adminWebhooks = callsAt((call) => adminUrl(`webhooks/${call}`));
