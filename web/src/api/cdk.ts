import type {
  CdkBalanceRedeemed,
  CdkBatchView,
  CdkCodeView,
  CdkFresh,
  CdkGenerated,
  CdkKind,
  CdkPreview,
  CdkStatus,
  CsvExport,
  MyCdkCreated,
  MyCdkRow,
  MyCdkVoided,
  OrderDetail,
  Paged,
} from '@kapu/contract';
import { postForm, type FormValue } from '@/app/http/client';
import { adminUrl } from '@/app/http/admin-path';

const form = (q: object) => q as Record<string, FormValue>;

/** What a code is for, as the generation forms send it (amount in yuan text, expiry in epoch ms). */
export interface CdkTermsForm {
  kind: CdkKind;
  goodsId?: number;
  quantity?: number;
  amount?: string;
  count: number;
  uses?: number;
  expiresAt?: number;
}

export interface CdkGoodsRedeemForm {
  code: string;
  contact?: string;
  queryPassword?: string;
  /** JSON text of {fieldKey: value}. */
  rechargeInputs?: string;
  shipName?: string;
  shipPhone?: string;
  shipAddress?: string;
}

/** 短链接对应的兑换码内容（不含兑换码本身） POST /cdk/short */
export function getCdkShort(short: string) {
  return postForm<CdkPreview>('/cdk/short', { short });
}

/** 查询兑换码可兑换的内容 POST /cdk/check */
export function checkCdk(code: string) {
  return postForm<CdkPreview>('/cdk/check', { code });
}

/** 兑换余额（需登录） POST /cdk/redeemBalance */
export function redeemCdkBalance(code: string) {
  return postForm<CdkBalanceRedeemed>('/cdk/redeemBalance', { code });
}

/** 兑换商品（游客填写联系方式与查询密码） POST /cdk/redeemGoods */
export function redeemCdkGoods(values: CdkGoodsRedeemForm) {
  return postForm<OrderDetail>('/cdk/redeemGoods', form(values));
}

/** 生成礼品兑换码（余额付款；forSite 为我的分站生成） POST /inside/cdk/create */
export function createMyCdk(values: CdkTermsForm & { forSite?: boolean; salePwd?: string }) {
  return postForm<MyCdkCreated>('/inside/cdk/create', form(values));
}

/** 我的兑换码 POST /inside/cdk/list */
export function getMyCdks(query: { status?: CdkStatus; page: number; pageSize: number }) {
  return postForm<Paged<MyCdkRow>>('/inside/cdk/list', form(query));
}

/** 再次查看我的兑换码（用于复制） POST /inside/cdk/reveal */
export function revealMyCdk(id: number) {
  return postForm<CdkFresh>('/inside/cdk/reveal', { id });
}

/** 作废我未使用的兑换码并退款到余额 POST /inside/cdk/void */
export function voidMyCdk(id: number) {
  return postForm<MyCdkVoided>('/inside/cdk/void', { id });
}

// ---------- admin ----------

/** 后台生成兑换码批次（返回只导出一次的 CSV） POST /{adminPath}/cdk/generate */
export function generateCdkBatch(values: CdkTermsForm & { name: string }) {
  return postForm<CdkGenerated>(adminUrl('cdk/generate'), form(values));
}

/** 后台兑换码批次列表 POST /{adminPath}/cdk/batches */
export function getCdkBatches(query: { keyword?: string; kind?: CdkKind; page: number; pageSize: number }) {
  return postForm<Paged<CdkBatchView>>(adminUrl('cdk/batches'), form(query));
}

/** 后台兑换码列表 POST /{adminPath}/cdk/codes */
export function getCdkCodes(query: {
  batchId?: number;
  status?: CdkStatus;
  keyword?: string;
  page: number;
  pageSize: number;
}) {
  return postForm<Paged<CdkCodeView>>(adminUrl('cdk/codes'), form(query));
}

/** 作废批次中未使用的兑换码 POST /{adminPath}/cdk/voidBatch */
export function voidCdkBatch(id: number) {
  return postForm<CdkBatchView>(adminUrl('cdk/voidBatch'), { id });
}

/** 作废一个未使用的兑换码 POST /{adminPath}/cdk/voidCode */
export function voidCdkCode(id: number) {
  return postForm<null>(adminUrl('cdk/voidCode'), { id });
}

/** 导出批次中兑换码的使用状态（不含兑换码） POST /{adminPath}/cdk/exportBatch */
export function exportCdkBatch(id: number) {
  return postForm<CsvExport>(adminUrl('cdk/exportBatch'), { id });
}
