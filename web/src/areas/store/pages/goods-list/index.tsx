import { RouteFrame } from '@/components/page-frame';

/** 商品列表：查看某个分类下的商品、价格与库存。 */
export default function GoodsListPage() {
  return <RouteFrame />;
}
