import { RouteFrame } from '@/components/page-frame';

/** 手工发货：处理需要人工发货或直充的订单，填写发货结果。 */
export default function HandOrderPage() {
  return <RouteFrame />;
}
