import { RouteFrame } from '@/components/page-frame';

/** 游客订单：未登录时购买的订单，凭本机记录或查询密码查看。 */
export default function VisitorOrderPage() {
  return <RouteFrame />;
}
