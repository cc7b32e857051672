import {
  adminDecorationVersions,
  adminGetDecoration,
  adminPublishDecoration,
  adminRevertDecoration,
  adminSaveDecorationDraft,
} from '@/api/decoration';
import { adminUploadFile } from '@/api/catalog';
import { currentAdminPath } from '@/app/http/admin-path';
import { unwrap } from '@/app/http/unwrap';
import { DecorEditor, type DecorEditorApi } from '@/components/decor-editor';

const api: DecorEditorApi = {
  scope: 'platform',
  get: adminGetDecoration,
  save: adminSaveDecorationDraft,
  publish: adminPublishDecoration,
  versions: adminDecorationVersions,
  revert: adminRevertDecoration,
  upload: (file) => unwrap(adminUploadFile(file)).then((r) => r.url),
};

/** 首页装修：管理员装修平台（主站）的店铺首页，与分站站长使用同一个编辑器。 */
export default function AdminDecoratePage() {
  return <DecorEditor api={api} heading="首页装修" backTo={`/${currentAdminPath()}/settings`} storefront="/" />;
}
