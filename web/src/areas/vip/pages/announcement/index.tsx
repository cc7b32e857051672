import { RouteFrame } from '@/components/page-frame';

/** 分站公告：发布和管理分站的公告。 */
export default function AnnouncementPage() {
  return <RouteFrame />;
}
