import { useParams } from 'react-router';
import {
  getMyDecoration,
  getMyDecorationVersions,
  publishMyDecoration,
  revertMyDecoration,
  saveMyDecorationDraft,
} from '@/api/decoration';
import { uploadFile } from '@/api/account';
import { unwrap } from '@/app/http/unwrap';
import { DecorEditor, type DecorEditorApi } from '@/components/decor-editor';

/**
 * 站点装修：分站站长装修自己店铺的首页（区块、实时预览、草稿、发布与版本恢复）。
 * The path in the address must be the member's own site; the server refuses any other (无权装修此站点).
 */
export default function DecoratePage() {
  const { path = '' } = useParams();
  const api: DecorEditorApi = {
    scope: `site:${path}`,
    get: () => getMyDecoration(path),
    save: (form) => saveMyDecorationDraft({ ...form, path }),
    publish: (form) => publishMyDecoration({ ...form, path }),
    versions: (query) => getMyDecorationVersions({ ...query, path }),
    revert: (form) => revertMyDecoration({ ...form, path }),
    upload: (file) => unwrap(uploadFile(file)).then((r) => r.url),
  };
  return <DecorEditor api={api} heading="站点装修" backTo="/vip/desktop" storefront={`/${path}/`} />;
}
