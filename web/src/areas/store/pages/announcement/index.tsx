import { RouteFrame } from '@/components/page-frame';

/** 站点公告：查看本站发布的全部公告与通知。 */
export default function AnnouncementPage() {
  return <RouteFrame />;
}
