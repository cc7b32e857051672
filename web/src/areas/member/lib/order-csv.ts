import { GoodsTypeLabels } from '@kapu/contract';
import type { OrderSummary } from '@/api/orders';
import type { CsvColumn } from '@/app/csv';

import { fenToYuanText } from '@/app/yuan';

export { fenToYuanText };

export const ORDER_CSV_COLUMNS: CsvColumn<OrderSummary>[] = [
  // The trailing tab keeps Excel from showing the 20-digit number in scientific notation.
  { title: '订单号', value: (o) => `${o.orderNo}\t` },
  { title: '商品', value: (o) => o.goodsName },
  { title: '类型', value: (o) => GoodsTypeLabels[o.goodsType] },
  { title: '单价(元)', value: (o) => fenToYuanText(o.unitPrice) },
  { title: '数量', value: (o) => o.quantity },
  { title: '金额(元)', value: (o) => fenToYuanText(o.amount) },
  { title: '状态', value: (o) => o.statusText },
  { title: '联系方式', value: (o) => o.contact },
  { title: '下单时间', value: (o) => o.createdAt },
  { title: '支付时间', value: (o) => o.paidAt },
];
