/**
 * acg-faka 共享店铺 served by Kapu (8450–8499, decision 0015). On the `/shared/...` wire these
 * answer in acg-faka's own shape (`{"code":0,"msg":…}`), with these messages: an acg-faka shop shows
 * the message to its admin or buyer. The messages of the protocol's own refusals keep acg-faka's words
 * where its client matches on them.
 */
export const sharedStoreCodes = {
  SHARED_APP_ID_UNKNOWN: { code: 8450, msg: '商户ID不存在' },
  SHARED_SIGN_INVALID: { code: 8451, msg: '密钥错误' },
  SHARED_API_DISABLED: { code: 8452, msg: '该商户的对接接口已关闭，请在卡铺会员中心开启' },
  SHARED_IP_DENIED: { code: 8453, msg: '当前服务器 IP 不在该商户的接口白名单中' },
  SHARED_MEMBER_BANNED: { code: 8454, msg: '该商户账号已被禁用' },
  SHARED_CODE_REQUIRED: { code: 8455, msg: '商品代码不能为空' },
  SHARED_GOODS_NOT_FOUND: { code: 8456, msg: '商品不存在' },
  SHARED_GOODS_OFF: { code: 8457, msg: '当前商品已停售' },
  SHARED_STOCK_SHORT: { code: 8458, msg: '库存不足' },
  SHARED_REQUEST_EXISTS: { code: 8459, msg: '该请求号已下过单，不会重复购买（The request ID already exists）' },
  SHARED_ORDER_NOT_FOUND: { code: 8460, msg: '订单不存在' },
  SHARED_NO_DRAFT: { code: 8461, msg: '该商品不支持预选' },
  SHARED_NUM_INVALID: { code: 8462, msg: '至少购买1个' },
  SHARED_SALE_PWD_NEEDED: {
    code: 8463,
    msg: '该商户已设置交易密码，共享店铺无法传递交易密码：请在卡铺会员中心“开放接口 - 密钥”为此密钥开启“API 下单免交易密码”',
  },
} as const;
