import { RouteFrame } from '@/components/page-frame';

/** 订单详情：查看订单的商品、金额、卡密或充值结果以及发货记录。 */
export default function OrderDetailPage() {
  return <RouteFrame />;
}
