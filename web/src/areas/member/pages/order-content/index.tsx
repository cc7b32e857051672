import { RouteFrame } from '@/components/page-frame';

/** 发货内容：查看订单的发货内容（卡密、链接或充值凭证）。 */
export default function OrderContentPage() {
  return <RouteFrame />;
}
