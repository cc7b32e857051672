import { RouteFrame } from '@/components/page-frame';

/** 订单查询：无需登录，凭订单号加查询密码或联系方式查询订单状态与卡密。 */
export default function OrderLookupPage() {
  return <RouteFrame />;
}
