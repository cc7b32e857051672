import { RouteFrame } from '@/components/page-frame';

/** 物流跟踪：查看游客订单的快递单号与物流进度。 */
export default function VisitorExpressPage() {
  return <RouteFrame />;
}
