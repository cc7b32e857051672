import type {
  DockingAccountView,
  DockingArea,
  DockingConnectionView,
  DockingGoodsView,
  DockingImportAnswer,
  DockingProcurementView,
  DockingReconcileAnswer,
  DockingSourceView,
  DockingSyncLogView,
  DockingUpstreamGoodsView,
  Paged,
  ProcurementStatus,
  SyncField,
} from '@kapu/contract';
import { postForm, type FormValue } from '@/app/http/client';
import { adminUrl } from '@/app/http/admin-path';

const url = (scope: DockingArea, path: string) =>
  scope === 'admin' ? adminUrl(`docking/${path}`) : `/vip/docking/${path}`;
const form = (q: object) => q as Record<string, FormValue>;

export interface DockingConnectionForm {
  id?: number;
  name: string;
  protocol: 'kapu' | 'acgfaka';
  baseUrl: string;
  appId: string;
  secret?: string;
  timeoutSec: number;
}
export interface DockingImportForm {
  connectionId: number;
  refs: string[];
  dirId: number;
  markupKind: 'percent' | 'fixed';
  markupPercent?: number;
  markupFixed?: string;
}
export interface DockingGoodsForm {
  goodsId: number;
  keep: SyncField[];
  priceRule: 'follow' | 'raise_only';
  markupKind: 'percent' | 'fixed';
  markupPercent?: number;
  markupFixed?: string;
  pauseWhenOutOfStock: boolean;
  costBoundPercent?: number;
}

/** 上游连接列表 POST /{admin}/docking/connections 或 /vip/docking/connections */
export function getDockingConnections(scope: DockingArea) {
  return postForm<DockingConnectionView[]>(url(scope, 'connections'), {});
}
/** 添加或修改上游连接 POST …/docking/saveConnection */
export function saveDockingConnection(scope: DockingArea, values: DockingConnectionForm) {
  return postForm<DockingConnectionView>(url(scope, 'saveConnection'), form(values));
}
/** 删除上游连接 POST …/docking/removeConnection */
export function removeDockingConnection(scope: DockingArea, id: number) {
  return postForm<{ removed: true }>(url(scope, 'removeConnection'), { id });
}
/** 测试连接（上游名称与余额） POST …/docking/testConnection */
export function testDockingConnection(scope: DockingArea, id: number) {
  return postForm<DockingAccountView>(url(scope, 'testConnection'), { id });
}
/** 立即同步一个连接的全部对接商品 POST …/docking/syncNow */
export function syncDockingConnection(scope: DockingArea, id: number) {
  return postForm<{ goods: number; changed: number }>(url(scope, 'syncNow'), { id });
}
/** 上游商品（导入用） POST …/docking/upstreamGoods */
export function getUpstreamGoods(scope: DockingArea, connectionId: number, keyword?: string) {
  return postForm<DockingUpstreamGoodsView[]>(url(scope, 'upstreamGoods'), form({ connectionId, keyword }));
}
/** 导入上游商品 POST …/docking/import */
export function importUpstreamGoods(scope: DockingArea, values: DockingImportForm) {
  return postForm<DockingImportAnswer>(url(scope, 'import'), form(values));
}
/** 对接商品列表（后台可看分站自有的：owner=sites） POST …/docking/goods */
export function getDockedGoods(
  scope: DockingArea,
  query: { page: number; pageSize: number; keyword?: string; owner?: 'platform' | 'sites' },
) {
  return postForm<Paged<DockingGoodsView>>(url(scope, 'goods'), form(query));
}
/** 修改对接商品的售价或上下架（改过的售价此后保留为“我的设置”） POST …/docking/setGoodsState */
export function setDockedGoodsState(
  scope: DockingArea,
  values: { goodsId: number; price?: string; status?: 'on_sale' | 'paused' },
) {
  return postForm<{ saved: true }>(url(scope, 'setGoodsState'), form(values));
}
/** 删除对接商品（已有订单的不能删除） POST …/docking/removeGoods */
export function removeDockedGoods(scope: DockingArea, id: number) {
  return postForm<{ removed: true }>(url(scope, 'removeGoods'), { id });
}
/** 平台处理分站自有商品：暂停、禁售、恢复上架 POST /{admin}/docking/moderateGoods */
export function moderateSiteGoods(goodsId: number, status: 'on_sale' | 'paused' | 'banned') {
  return postForm<{ saved: true }>(url('admin', 'moderateGoods'), { goodsId, status });
}
/** 保存对接商品的同步归属与规则 POST …/docking/saveGoods */
export function saveDockedGoods(scope: DockingArea, values: DockingGoodsForm) {
  return postForm<{ saved: true }>(url(scope, 'saveGoods'), form(values));
}
/** 为对接商品添加备用货源 POST …/docking/addSource */
export function addDockingSource(scope: DockingArea, values: { goodsId: number; connectionId: number; ref: string }) {
  return postForm<DockingSourceView>(url(scope, 'addSource'), form(values));
}
/** 移除货源 POST …/docking/removeSource */
export function removeDockingSource(scope: DockingArea, id: number) {
  return postForm<{ removed: true }>(url(scope, 'removeSource'), { id });
}
/** 调整货源优先级 POST …/docking/moveSource */
export function moveDockingSource(scope: DockingArea, id: number, priority: number) {
  return postForm<{ saved: true }>(url(scope, 'moveSource'), { id, priority });
}
/** 采购单列表 POST …/docking/procurements */
export function getProcurements(
  scope: DockingArea,
  query: { page: number; pageSize: number; status?: ProcurementStatus; orderNo?: string },
) {
  return postForm<Paged<DockingProcurementView>>(url(scope, 'procurements'), form(query));
}
/** 重新推送失败的采购单 POST …/docking/repush */
export function repushProcurement(scope: DockingArea, id: number) {
  return postForm<{ status: ProcurementStatus }>(url(scope, 'repush'), { id });
}
/** 同步日志 POST …/docking/syncLogs */
export function getDockingSyncLogs(scope: DockingArea, query: { page: number; pageSize: number; goodsId?: number }) {
  return postForm<Paged<DockingSyncLogView>>(url(scope, 'syncLogs'), form(query));
}
/** 对账（按连接与日期） POST …/docking/reconcile */
export function getDockingReconcile(scope: DockingArea, connectionId: number, date: string) {
  return postForm<DockingReconcileAnswer>(url(scope, 'reconcile'), { connectionId, date });
}
/** 导出对账 CSV POST …/docking/exportReconcile */
export function exportDockingReconcile(scope: DockingArea, connectionId: number, date: string) {
  return postForm<{ filename: string; count: number; content: string }>(url(scope, 'exportReconcile'), {
    connectionId,
    date,
  });
}
