import { RouteFrame } from '@/components/page-frame';

/** 供货订单：查看使用我的货源成交的订单。 */
export default function OrderPage() {
  return <RouteFrame />;
}
