import { RouteFrame } from '@/components/page-frame';

/** 我的订单：查看全部订单的支付与发货状态，可查看卡密或申请售后。 */
export default function MyOrderPage() {
  return <RouteFrame />;
}
