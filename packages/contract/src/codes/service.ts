/** The service desk (客服台): consultations, pre-written answers, look-ups (7200–7299; decision 0011). */
export const serviceCodes = {
  CONSULT_NOT_FOUND: { code: 7200, msg: '咨询不存在或链接已失效' },
  CONSULT_CLOSED: { code: 7201, msg: '该咨询已结束，如有新问题请重新提交' },
  CONSULT_ORDER_NOT_FOUND: { code: 7202, msg: '关联的订单不存在或不属于你' },
  SERVICE_REPLY_NOT_FOUND: { code: 7204, msg: '常用回复不存在或已删除' },
  SERVICE_ORDER_NOT_FOUND: { code: 7205, msg: '没有找到该订单' },
  SERVICE_MEMBER_NOT_FOUND: { code: 7206, msg: '没有找到匹配的会员' },
} as const;
