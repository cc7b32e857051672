import { RouteFrame } from '@/components/page-frame';

/** 游客订单详情：查看游客订单的状态、卡密与发货信息。 */
export default function VisitorOrderDetailPage() {
  return <RouteFrame />;
}
