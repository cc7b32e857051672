import { RouteFrame } from '@/components/page-frame';

/** 我的物流：查看实物订单的快递单号与物流进度。 */
export default function ExpressPage() {
  return <RouteFrame />;
}
