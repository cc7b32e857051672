import { RouteFrame } from '@/components/page-frame';

/** 余额充值：通过在线支付为账户余额充值。 */
export default function RechargePage() {
  return <RouteFrame />;
}
