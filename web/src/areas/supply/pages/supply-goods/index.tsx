import { RouteFrame } from '@/components/page-frame';

/** 供货商品：管理我供货的商品、供货价与上下架。 */
export default function SupplyGoodsPage() {
  return <RouteFrame />;
}
