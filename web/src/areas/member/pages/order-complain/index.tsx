import { RouteFrame } from '@/components/page-frame';

/** 订单投诉：对有问题的订单发起投诉，上传凭证并与客服沟通处理。 */
export default function OrderComplainPage() {
  return <RouteFrame />;
}
