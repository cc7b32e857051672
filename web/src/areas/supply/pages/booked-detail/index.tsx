import { RouteFrame } from '@/components/page-frame';

/** 入账明细：每笔供货订单的收益，冻结期满后可提现。 */
export default function BookedDetailPage() {
  return <RouteFrame />;
}
