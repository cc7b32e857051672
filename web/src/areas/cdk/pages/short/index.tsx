import { RouteFrame } from '@/components/page-frame';

/** 兑换码：通过兑换码短链接打开，直接兑换商品或余额。 */
export default function ShortPage() {
  return <RouteFrame />;
}
