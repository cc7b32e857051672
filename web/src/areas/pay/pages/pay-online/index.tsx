import { RouteFrame } from '@/components/page-frame';

/** 在线支付：选择支付方式，完成订单或充值的付款。 */
export default function PayOnlinePage() {
  return <RouteFrame />;
}
