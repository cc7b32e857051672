import { RouteFrame } from '@/components/page-frame';

/** 公告详情：查看一条公告的完整内容与发布时间。 */
export default function AnnouncementDetailPage() {
  return <RouteFrame />;
}
