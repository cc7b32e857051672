import { RouteFrame } from '@/components/page-frame';

/** 分站店铺：分站店铺首页的展示设置。 */
export default function ShopPage() {
  return <RouteFrame />;
}
