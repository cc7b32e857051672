import { z } from './zod-setup.js';

/**
 * acg-faka 共享店铺 served by Kapu (decision 0015): the form fields an unmodified acg-faka 3.x shop
 * posts to `/shared/...`. Field names are acg-faka's own (snake_case and camelCase mixed, as its
 * controllers read them); every value arrives as text. A trade also carries the goods' buyer fields
 * under their own names, so the trade schema keeps unknown fields.
 */

const textOf = (label: string, max: number) =>
  z
    .string({ error: `${label}格式不正确` })
    .max(max, { error: `${label}不能超过 ${max} 个字符` })
    .default('');

/** What every call carries: the member's open-API app id and the signature. */
export const sharedAuthInput = z.looseObject({
  app_id: z.string({ error: '商户ID不存在' }).min(1, { error: '商户ID不存在' }).max(64, { error: '商户ID不存在' }),
  sign: z.string({ error: '密钥错误' }).max(64, { error: '密钥错误' }),
});

/** `item` and `inventory` name the goods as `sharedCode`. */
export const sharedGoodsInput = z.looseObject({
  sharedCode: textOf('商品代码', 32),
  race: textOf('商品种类', 64),
});

/** `inventoryState` and `trade` name it as `shared_code`. */
export const sharedTradeInput = z.looseObject({
  shared_code: textOf('商品代码', 32),
  num: z.coerce
    .number({ error: '购买数量须为整数' })
    .int({ error: '购买数量须为整数' })
    .min(1, { error: '至少购买1个' })
    .max(10_000, { error: '购买数量不能大于 10000' }),
  race: textOf('商品种类', 64),
  contact: textOf('联系方式', 64),
  request_no: textOf('请求号', 64),
  card_id: textOf('预选卡密', 20),
});

export const sharedQueryInput = z.looseObject({
  tradeNo: z.string({ error: '订单不存在' }).min(1, { error: '订单不存在' }).max(40, { error: '订单不存在' }),
});
