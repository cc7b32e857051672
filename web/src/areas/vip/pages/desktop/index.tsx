import { RouteFrame } from '@/components/page-frame';

/** 分站概况：分站的访问量、订单与收益概况。 */
export default function DesktopPage() {
  return <RouteFrame />;
}
