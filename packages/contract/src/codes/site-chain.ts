/** Sub-sites: resolution, the price chain and the owner's price rules (6000–6049; decision 0009). */
export const siteChainCodes = {
  SITE_NOT_FOUND: { code: 6001, msg: '站点不存在' },
  SITE_CLOSED: { code: 6002, msg: '该站点已关闭' },
  SITE_SUSPENDED: { code: 6003, msg: '该站点已被暂停服务' },
  SITE_EXPIRED: { code: 6004, msg: '该站点已到期，请站长续费后再访问' },
  MARKUP_BELOW_COST: { code: 6005, msg: '售价不能低于成本价' },
  PRICE_CHANGED: { code: 6006, msg: '商品价格已变动，请刷新后按新价格下单' },
  NOT_SITE_OWNER: { code: 6007, msg: '你还没有开通分站，请先开通' },
  PRICE_RULE_NOT_FOUND: { code: 6008, msg: '加价规则不存在' },
  PRICE_RULE_INVALID: { code: 6009, msg: '加价规则填写有误' },
  CUSTOMER_NOT_FOUND: { code: 6010, msg: '该会员不是本站客户' },
  CUSTOMER_DISABLED: { code: 6011, msg: '你的账号已被本站停用，请联系站长' },
  SITE_GOODS_LIMIT: { code: 6012, msg: '已达到当前版本的商品数量上限，请升级版本' },
  // The owner's price rules, shelf and directories (6020–6039).
  PRICE_RANGE_OVERLAP: { code: 6020, msg: '价格区间与已有的区间重叠，请调整区间' },
  PRICE_RULE_LIMIT: { code: 6021, msg: '加价规则数量已达上限' },
  SITE_DIR_NOT_FOUND: { code: 6022, msg: '目录不存在' },
} as const;
