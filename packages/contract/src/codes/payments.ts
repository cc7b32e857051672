/** Payments: channels, payment records, notifies, recharge, refunds (4000–4999). */
export const paymentCodes = {
  PAY_CHANNEL_UNAVAILABLE: { code: 4001, msg: '该支付方式暂不可用，请更换其他支付方式' },
  PAY_AMOUNT_INVALID: { code: 4002, msg: '充值金额不在允许的范围内' },
  PAYMENT_NOT_FOUND: { code: 4003, msg: '支付单不存在' },
  PAY_ORDER_FORBIDDEN: { code: 4004, msg: '订单号与查询密码不匹配，无法支付该订单' },
  PAY_GATEWAY_FAILED: { code: 4005, msg: '支付网关下单失败，请稍后再试或更换支付方式' },
  PAY_ACCOUNT_NOT_FOUND: { code: 4006, msg: '支付账户不存在' },
  PAY_CONFIG_INVALID: { code: 4007, msg: '支付账户配置不完整' },
  PAY_SANDBOX_TOKEN_INVALID: { code: 4008, msg: '模拟支付链接无效' },
  PAY_REFUND_NOT_ALLOWED: { code: 4009, msg: '该支付单当前不能退款' },
  PAY_BALANCE_NOT_FOR_RECHARGE: { code: 4010, msg: '充值不能使用余额支付' },
  PAY_LOGIN_REQUIRED: { code: 4011, msg: '请先登录后再充值或使用余额支付' },
  PAY_GATEWAY_UNKNOWN: { code: 4012, msg: '不支持的支付网关类型' },
  // A sub-site's own payment accounts: buyers pay the owner directly (4090–4099; decision 0010).
  SITE_PAY_NOT_ALLOWED: { code: 4090, msg: '当前分站版本不支持自有收款通道，请升级分站版本' },
  SITE_BALANCE_SHORT: { code: 4091, msg: '分站余额不足，暂时无法下单，请联系站长' },
  SITE_PAY_GATEWAY_NOT_ALLOWED: { code: 4092, msg: '分站收款只支持易支付（V1/V2）与支付宝官方' },
  SITE_PAY_OWNER_REFUND: { code: 4093, msg: '该订单的货款在站长的收款账户中，只能由站长原路退回或线下退款' },
  SITE_COST_SHORT: { code: 4094, msg: '站长余额不足以支付该订单的进货成本，暂时无法发货，请联系站长充值' },
  SITE_PAY_ADDRESS_REFUSED: { code: 4095, msg: '接口地址不能指向内网、本机或保留地址' },
} as const;
