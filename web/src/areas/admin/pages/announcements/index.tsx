import { RouteFrame } from '@/components/page-frame';

/** 公告管理：发布与管理站点公告。 */
export default function AnnouncementsPage() {
  return <RouteFrame />;
}
