import { RouteFrame } from '@/components/page-frame';

/** 兑换商品：输入兑换码，兑换对应的商品。 */
export default function OrderPage() {
  return <RouteFrame />;
}
