import { RouteFrame } from '@/components/page-frame';

/** 我的投诉：查看已提交的订单投诉及处理进度。 */
export default function ComplainPage() {
  return <RouteFrame />;
}
