/** Promotion: invites, three-level commissions, collecting them to the balance, poster (8200–8299). */
export const promotionCodes = {
  PROMOTION_SELF_INVITE: { code: 8200, msg: '不能使用自己的邀请码注册新账户' },
  PROMOTION_COLLECT_EXCEEDS: { code: 8201, msg: '领取金额超过可领取的佣金' },
  PROMOTION_NOTHING_TO_COLLECT: { code: 8202, msg: '暂无可领取的佣金（冻结期满后才能领取）' },
  PROMOTION_DISABLED: { code: 8203, msg: '推广功能已关闭' },
  PROMOTION_OVERRIDE_TARGET: { code: 8204, msg: '佣金比例覆盖的目录或商品不存在' },
  PROMOTION_OVERRIDE_NOT_FOUND: { code: 8205, msg: '佣金比例覆盖不存在或已删除' },
  PROMOTION_RATE_TOO_HIGH: { code: 8206, msg: '三级佣金比例合计不能超过 50%' },
  PROMOTION_POSTER_FAILED: { code: 8207, msg: '推广海报生成失败，请稍后再试' },
} as const;
