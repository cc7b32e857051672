import { RouteFrame } from '@/components/page-frame';

/** 分站设置：设置分站名称、Logo、客服信息与首页公告。 */
export default function WebSitePage() {
  return <RouteFrame />;
}
