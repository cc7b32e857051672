import { RouteFrame } from '@/components/page-frame';

/** 店铺售价：设置我的店铺对外展示的商品售价。 */
export default function ShopPage() {
  return <RouteFrame />;
}
