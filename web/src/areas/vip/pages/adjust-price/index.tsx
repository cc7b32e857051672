import { RouteFrame } from '@/components/page-frame';

/** 商品调价：分站站长设置从成本价到售价的加价规则（按比例、固定金额、按商品或价格区间），并预览售价。 */
export default function AdjustPricePage() {
  return <RouteFrame />;
}
