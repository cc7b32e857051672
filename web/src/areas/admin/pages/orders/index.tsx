import { RouteFrame } from '@/components/page-frame';

/** 订单管理：查看与处理全部订单、发货与退款。 */
export default function OrdersPage() {
  return <RouteFrame />;
}
