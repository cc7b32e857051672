import { RouteFrame } from '@/components/page-frame';

/** 分站订单：查看分站顾客的订单与分站收益。 */
export default function OrderPage() {
  return <RouteFrame />;
}
