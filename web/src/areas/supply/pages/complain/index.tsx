import { RouteFrame } from '@/components/page-frame';

/** 供货投诉：处理买家针对我的供货订单发起的投诉。 */
export default function ComplainPage() {
  return <RouteFrame />;
}
