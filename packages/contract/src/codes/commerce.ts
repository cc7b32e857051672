/** Catalog, stock and orders (3000–3999), payments (4000–4999), funds (5000–5999). */
export const commerceCodes = {
  STOCK_INSUFFICIENT: { code: 3001, msg: '库存不足' },
  GOODS_NOT_ON_SALE: { code: 3002, msg: '商品已下架或暂停销售' },

  BALANCE_INSUFFICIENT: { code: 5001, msg: '余额不足' },
} as const satisfies Record<string, { code: number; msg: string }>;
