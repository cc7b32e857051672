import { RouteFrame } from '@/components/page-frame';

/** 货源市场：从平台货源中挑选商品上架到分站。 */
export default function MarketPage() {
  return <RouteFrame />;
}
