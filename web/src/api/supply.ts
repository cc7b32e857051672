import type {
  AdminReviewRow,
  AdminSupplierRow,
  CsvExport,
  GoodsType,
  MySupplier,
  OrderStatus,
  Paged,
  SettlementRow,
  SettlementStatus,
  SettlementSummary,
  SupplierAction,
  SupplierCardImport,
  SupplierCardRow,
  SupplierGoodsRow,
  SupplierOrderRow,
  SupplierStatus,
  SupplierTaskRow,
  SupplySettings,
  TaskStatus,
} from '@kapu/contract';
import { adminUrl } from '@/app/http/admin-path';
import { postForm, type FormValue } from '@/app/http/client';

const form = (q: object) => q as Record<string, FormValue>;

/** 供货商申请表单 */
export interface SupplierApplyForm {
  contact: string;
  intro: string;
  agree: boolean;
}
/** 供货商品表单（金额为元） */
export interface SupplierGoodsForm {
  id?: number;
  dirId: number;
  name: string;
  type: GoodsType;
  cost: string;
  faceValue?: string;
  stock?: number | '';
  description?: string;
  /** JSON 数组：下单模板字段 */
  rechargeTemplate?: string;
  minQuantity?: number;
  maxQuantity?: number;
  contactType?: string;
  lowStockAt?: number;
}
export interface SupplierOrderQuery {
  status?: OrderStatus;
  goodsId?: number;
  orderNo?: string;
  from?: number;
  to?: number;
  page?: number;
  pageSize?: number;
}
export interface SettlementQuery {
  status?: SettlementStatus;
  orderNo?: string;
  from?: number;
  to?: number;
  page?: number;
  pageSize?: number;
}
export interface TaskDoneForm {
  id: number;
  result?: string;
  /** JSON 数组：凭证图片路径 */
  proofs?: string;
  carrier?: string;
  trackingNo?: string;
}

/** 我的供货商身份（未申请 / 审核中 / 未通过 / 已暂停 / 供货中） POST /supply/inter/me */
export function getMySupplier() {
  return postForm<MySupplier>('/supply/inter/me');
}
/** 申请成为供货商 POST /supply/inter/apply */
export function applySupplier(input: SupplierApplyForm) {
  return postForm<MySupplier>('/supply/inter/apply', form({ ...input, agree: input.agree ? '1' : '0' }));
}

/** 我的供货商品 POST /supply/inter/goods */
export function getSupplierGoods(query: {
  type?: GoodsType;
  keyword?: string;
  state?: string;
  page: number;
  pageSize: number;
}) {
  return postForm<Paged<SupplierGoodsRow>>('/supply/inter/goods', form(query));
}
/** 新增或修改供货商品（新商品与供货价上调需平台审核） POST /supply/inter/saveGoods */
export function saveSupplierGoods(input: SupplierGoodsForm) {
  return postForm<{ id: number; review: boolean }>('/supply/inter/saveGoods', form(input));
}
/** 上架 / 下架已审核的供货商品 POST /supply/inter/goodsShelf */
export function setSupplierGoodsShelf(input: { id: number; onSale: boolean }) {
  return postForm<{ status: string }>('/supply/inter/goodsShelf', { id: input.id, onSale: input.onSale ? '1' : '0' });
}

/** 我的卡密库存 POST /supply/inter/cards */
export function getSupplierCards(query: { goodsId?: number; status?: string; page: number; pageSize: number }) {
  return postForm<Paged<SupplierCardRow>>('/supply/inter/cards', form(query));
}
/** 导入卡密（批内与库存去重） POST /supply/inter/importCards */
export function importSupplierCards(input: { goodsId: number; text: string; note?: string }) {
  return postForm<SupplierCardImport>('/supply/inter/importCards', form(input));
}
/** 作废未售卡密 POST /supply/inter/voidCards */
export function voidSupplierCards(ids: number[]) {
  return postForm<{ voided: number }>('/supply/inter/voidCards', { ids: ids.join(',') });
}
/** 导出未售卡密 CSV POST /supply/inter/exportCards */
export function exportSupplierCards(input: { goodsId?: number }) {
  return postForm<CsvExport>('/supply/inter/exportCards', form(input));
}

/** 供货订单（不含买家联系方式） POST /supply/inter/orders */
export function getSupplierOrders(query: SupplierOrderQuery) {
  return postForm<Paged<SupplierOrderRow>>('/supply/inter/orders', form(query));
}
/** 导出供货订单 CSV POST /supply/inter/exportOrders */
export function exportSupplierOrders(query: Omit<SupplierOrderQuery, 'page' | 'pageSize'>) {
  return postForm<CsvExport>('/supply/inter/exportOrders', form(query));
}

/** 发货任务 POST /supply/inter/tasks */
export function getSupplierTasks(query: { status?: TaskStatus; orderNo?: string; page: number; pageSize: number }) {
  return postForm<Paged<SupplierTaskRow>>('/supply/inter/tasks', form(query));
}
/** 接单 POST /supply/inter/acceptTask */
export function acceptSupplierTask(id: number) {
  return postForm<{ status: string }>('/supply/inter/acceptTask', { id });
}
/** 完成发货（结果 / 凭证图片 / 快递单号） POST /supply/inter/finishTask */
export function finishSupplierTask(input: TaskDoneForm) {
  return postForm<{ status: string }>('/supply/inter/finishTask', form(input));
}
/** 无法发货（买家原路退款） POST /supply/inter/failTask */
export function failSupplierTask(input: { id: number; reason: string }) {
  return postForm<{ status: string }>('/supply/inter/failTask', form(input));
}

/** 入账明细 POST /supply/inter/settlements */
export function getSettlements(query: SettlementQuery) {
  return postForm<Paged<SettlementRow>>('/supply/inter/settlements', form(query));
}
/** 入账汇总：余额、冻结、已入账、已退回与近 30 天每日合计 POST /supply/inter/settlementSummary */
export function getSettlementSummary() {
  return postForm<SettlementSummary>('/supply/inter/settlementSummary');
}

/** 后台：供货商列表 POST /{adminPath}/supply/suppliers */
export function adminSuppliers(query: { status?: SupplierStatus; keyword?: string; page: number; pageSize: number }) {
  return postForm<Paged<AdminSupplierRow>>(adminUrl('supply/suppliers'), form(query));
}
/** 后台：通过 / 驳回 / 暂停 / 恢复供货商 POST /{adminPath}/supply/decide */
export function adminDecideSupplier(input: {
  id: number;
  action: SupplierAction;
  reason?: string;
  commissionBp?: number;
  holdDays?: number;
}) {
  return postForm<{ status: string }>(adminUrl('supply/decide'), form(input));
}
/** 后台：设置供货商佣金与结算周期 POST /{adminPath}/supply/terms */
export function adminSupplierTerms(input: { id: number; commissionBp: number; holdDays: number }) {
  return postForm<{ id: number }>(adminUrl('supply/terms'), form(input));
}
/** 后台：供货审核列表 POST /{adminPath}/supply/reviews */
export function adminSupplyReviews(query: { status?: string; page: number; pageSize: number }) {
  return postForm<Paged<AdminReviewRow>>(adminUrl('supply/reviews'), form(query));
}
/** 后台：审核供货商品（通过时设置售价） POST /{adminPath}/supply/decideReview */
export function adminDecideReview(input: { id: number; approve: boolean; price?: string; reason?: string }) {
  return postForm<{ status: string }>(
    adminUrl('supply/decideReview'),
    form({ ...input, approve: input.approve ? '1' : '0' }),
  );
}
/** 后台：供货设置 POST /{adminPath}/supply/settings */
export function adminSupplySettings() {
  return postForm<SupplySettings>(adminUrl('supply/settings'));
}
/** 后台：保存供货设置 POST /{adminPath}/supply/saveSettings */
export function adminSaveSupplySettings(input: SupplySettings) {
  return postForm<SupplySettings>(adminUrl('supply/saveSettings'), form(input));
}
