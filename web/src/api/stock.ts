import type { CardBatches, CardExport, CardRow, CardStatus, ImportAnswer, Paged } from '@kapu/contract';
import { postForm, type FormValue } from '@/app/http/client';
import { adminUrl } from '@/app/http/admin-path';

/** 导入卡密 POST /{adminPath}/stock/import */
export function adminImportCards(values: { goodsId: number; text: string; note?: string }) {
  return postForm<ImportAnswer>(adminUrl('stock/import'), values);
}

/** 作废未售卡密 POST /{adminPath}/stock/void */
export function adminVoidCards(ids: number[]) {
  return postForm<{ voided: number }>(adminUrl('stock/void'), { ids });
}

/** 导入批次与库存统计 POST /{adminPath}/stock/batches */
export function adminCardBatches(goodsId: number) {
  return postForm<CardBatches>(adminUrl('stock/batches'), { goodsId });
}

/** 卡密列表 POST /{adminPath}/stock/list */
export function adminCardList(query: {
  goodsId?: number;
  batchId?: number;
  status?: CardStatus;
  card?: string;
  page?: number;
  pageSize?: number;
}) {
  return postForm<Paged<CardRow>>(adminUrl('stock/list'), query as Record<string, FormValue>);
}

/** 导出卡密文本 POST /{adminPath}/stock/export */
export function adminExportCards(query: { goodsId: number; batchId?: number; status?: CardStatus }) {
  return postForm<CardExport>(adminUrl('stock/export'), query);
}
