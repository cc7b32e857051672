/** Outbound webhooks (Webhook 通知): subscriptions, deliveries, replays (8400–8449). */
export const webhookCodes = {
  WEBHOOK_NOT_FOUND: { code: 8400, msg: 'Webhook 不存在或已被删除' },
  WEBHOOK_URL_INVALID: { code: 8401, msg: '回调地址不正确：须以 http:// 或 https:// 开头' },
  WEBHOOK_URL_PRIVATE: { code: 8402, msg: '回调地址不能指向内网、本机或保留地址，请填写公网可访问的地址' },
  WEBHOOK_URL_UNRESOLVED: { code: 8403, msg: '回调地址的域名无法解析，请检查后重试' },
  WEBHOOK_TOO_MANY: { code: 8404, msg: 'Webhook 数量已达上限，请先删除不用的' },
  WEBHOOK_EVENT_UNKNOWN: { code: 8405, msg: '没有这种事件类型' },
  WEBHOOK_DELIVERY_NOT_FOUND: { code: 8406, msg: '投递记录不存在或已过期清理' },
  WEBHOOK_DELIVERY_PENDING: { code: 8407, msg: '该投递正在发送或等待重试，完成后才能重发' },
  WEBHOOK_DISABLED: { code: 8408, msg: '该 Webhook 已停用，请先启用再发送' },
} as const;
