import { RouteFrame } from '@/components/page-frame';

/** 商品管理：管理商品分类、品牌、商品与卡密库存。 */
export default function GoodsPage() {
  return <RouteFrame />;
}
