import { RouteFrame } from '@/components/page-frame';

/** 商品变动：关注商品的价格与库存变动记录。 */
export default function GoodsLogPage() {
  return <RouteFrame />;
}
