import { RouteFrame } from '@/components/page-frame';

/** 站点装修：可视化调整店铺首页的布局、轮播图、分类与商品展示。 */
export default function DecoratePage() {
  return <RouteFrame />;
}
