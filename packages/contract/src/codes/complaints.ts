/** Complaints (投诉) on orders: filing, the thread with evidence, decisions (7100–7199; decision 0011). */
export const complaintCodes = {
  COMPLAINT_NOT_FOUND: { code: 7100, msg: '投诉不存在或无权查看' },
  COMPLAINT_ORDER_NOT_FOUND: { code: 7101, msg: '订单不存在或不属于你' },
  COMPLAINT_ORDER_NOT_ELIGIBLE: { code: 7102, msg: '只有已付款并已发货的订单才能投诉' },
  COMPLAINT_WINDOW_PASSED: { code: 7103, msg: '该订单已超过可投诉的期限' },
  COMPLAINT_DUPLICATE: { code: 7104, msg: '该订单已有处理中的投诉，请在原投诉中继续沟通' },
  COMPLAINT_REPEAL_PENDING: { code: 7105, msg: '该订单有卡密撤销申请正在处理或已撤销，不能再投诉' },
  COMPLAINT_CLOSED: { code: 7106, msg: '该投诉已结束，不能再回复或处理' },
  COMPLAINT_TOO_MANY_IMAGES: { code: 7107, msg: '每次最多附 5 张图片' },
  COMPLAINT_IMAGE_INVALID: { code: 7108, msg: '图片已失效或已被使用，请重新上传' },
  COMPLAINT_BLOCKS_REPEAL: { code: 7109, msg: '该订单有处理中的投诉，不能申请撤销卡密' },
  COMPLAINT_STATE_CHANGED: { code: 7110, msg: '投诉状态已变化，请刷新后重试' },
  COMPLAINT_ARBITRATION_NOT_ALLOWED: { code: 7111, msg: '当前状态不能申请平台介入' },
  COMPLAINT_ASSIGNEE_INVALID: { code: 7112, msg: '该客服不存在、已停用或没有客服台权限' },
  COMPLAINT_REFUND_INVALID: { code: 7113, msg: '退款金额须大于 0 且不超过订单可退金额' },
  COMPLAINT_EMPTY_REPLY: { code: 7114, msg: '请填写回复内容或附上图片' },
  COMPLAINT_FILE_NOT_FOUND: { code: 7115, msg: '图片不存在或链接已过期' },
} as const;
