import type { SiteInfo } from '@kapu/contract';
import { postForm } from '@/app/http/client';

/** 站点信息（标题、副标题、Logo、公告） POST /site/info */
export function getSiteInfo() {
  return postForm<SiteInfo>('/site/info');
}
