import { RouteFrame } from '@/components/page-frame';

/** 分站商品：管理分站上架的商品以及每件商品的加价。 */
export default function GoodsPage() {
  return <RouteFrame />;
}
