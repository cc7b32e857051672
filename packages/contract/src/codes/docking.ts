/** Docking (货源对接): upstream connections, imported goods, procurement orders (8300–8399). */
export const dockingCodes = {
  DOCKING_CONNECTION_NOT_FOUND: { code: 8300, msg: '上游连接不存在' },
  DOCKING_NOT_ALLOWED: { code: 8301, msg: '你的分站版本不支持货源对接，请升级分站版本' },
  DOCKING_UPSTREAM_FAILED: { code: 8302, msg: '上游接口请求失败' },
  DOCKING_URL_INVALID: { code: 8303, msg: '上游地址须以 http:// 或 https:// 开头，且不能包含用户名或密码' },
  DOCKING_GOODS_NOT_FOUND: { code: 8304, msg: '对接商品不存在' },
  DOCKING_UPSTREAM_GOODS_NOT_FOUND: { code: 8305, msg: '上游没有这个商品，或它已不再出售给你' },
  DOCKING_ALREADY_IMPORTED: { code: 8306, msg: '该上游商品已导入过，请在“对接商品”里调整' },
  DOCKING_DIR_NOT_FOUND: { code: 8307, msg: '目标分类不存在' },
  DOCKING_PROCUREMENT_NOT_FOUND: { code: 8308, msg: '采购单不存在' },
  DOCKING_PROCUREMENT_STATE: { code: 8309, msg: '采购单当前状态不能重新推送（已发货、已退款或正在下单）' },
  DOCKING_SOURCE_NOT_FOUND: { code: 8310, msg: '货源不存在' },
  DOCKING_LAST_SOURCE: { code: 8311, msg: '对接商品至少要保留一个货源' },
  DOCKING_CONNECTION_IN_USE: { code: 8312, msg: '还有对接商品使用这个连接，请先移除这些货源' },
  DOCKING_PUSH_REFUSED: { code: 8313, msg: '推送签名无效或已过期' },
  DOCKING_SITE_IMPORT_UNSUPPORTED: {
    code: 8314,
    msg: '分站暂不能拥有自己的商品，导入请由平台进行（分站可先添加连接、浏览上游商品）',
  },
} as const;
