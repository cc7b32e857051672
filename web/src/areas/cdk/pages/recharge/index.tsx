import { RouteFrame } from '@/components/page-frame';

/** 兑换码充值：输入兑换码，将面值充入账户余额。 */
export default function RechargePage() {
  return <RouteFrame />;
}
