import type { DecorEditorView, DecorSaveAnswer, DecorVersionView, Paged, SiteLayoutView } from '@kapu/contract';
import { postForm } from '@/app/http/client';
import { adminUrl } from '@/app/http/admin-path';

/** What the editor sends: the blocks as JSON text, the draft revision it loaded, and (owners) the site path. */
export interface DecorSaveForm {
  path?: string;
  blocks: string;
  revision: number;
}

/** 当前站点已发布的首页装修（没有时为 null） POST /site/layout */
export function getSiteLayout() {
  return postForm<SiteLayoutView | null>('/site/layout');
}

/** 我的分站装修：草稿与发布状态 POST /vip/decorate/get */
export function getMyDecoration(path?: string) {
  return postForm<DecorEditorView>('/vip/decorate/get', { path });
}

/** 保存装修草稿 POST /vip/decorate/saveDraft */
export function saveMyDecorationDraft(form: DecorSaveForm) {
  return postForm<DecorSaveAnswer>('/vip/decorate/saveDraft', { ...form });
}

/** 发布装修（先保存草稿） POST /vip/decorate/publish */
export function publishMyDecoration(form: DecorSaveForm) {
  return postForm<DecorSaveAnswer>('/vip/decorate/publish', { ...form });
}

/** 装修版本记录 POST /vip/decorate/versions */
export function getMyDecorationVersions(query: { path?: string; page: number; pageSize: number }) {
  return postForm<Paged<DecorVersionView>>('/vip/decorate/versions', { ...query });
}

/** 恢复装修版本（publish=1 重新发布，0 只载入草稿） POST /vip/decorate/revert */
export function revertMyDecoration(form: { path?: string; number: number; publish: 0 | 1 }) {
  return postForm<DecorSaveAnswer>('/vip/decorate/revert', { ...form });
}

/** 平台首页装修 POST /{adminPath}/decorate/get */
export function adminGetDecoration() {
  return postForm<DecorEditorView>(adminUrl('decorate/get'));
}

/** 保存平台首页装修草稿 POST /{adminPath}/decorate/saveDraft */
export function adminSaveDecorationDraft(form: DecorSaveForm) {
  return postForm<DecorSaveAnswer>(adminUrl('decorate/saveDraft'), { ...form });
}

/** 发布平台首页装修 POST /{adminPath}/decorate/publish */
export function adminPublishDecoration(form: DecorSaveForm) {
  return postForm<DecorSaveAnswer>(adminUrl('decorate/publish'), { ...form });
}

/** 平台首页装修版本记录 POST /{adminPath}/decorate/versions */
export function adminDecorationVersions(query: { page: number; pageSize: number }) {
  return postForm<Paged<DecorVersionView>>(adminUrl('decorate/versions'), { ...query });
}

/** 恢复平台首页装修版本 POST /{adminPath}/decorate/revert */
export function adminRevertDecoration(form: { number: number; publish: 0 | 1 }) {
  return postForm<DecorSaveAnswer>(adminUrl('decorate/revert'), { ...form });
}
