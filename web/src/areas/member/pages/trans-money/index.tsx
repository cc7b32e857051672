import { RouteFrame } from '@/components/page-frame';

/** 余额转账：使用交易密码将余额转给本站其他会员。 */
export default function TransMoneyPage() {
  return <RouteFrame />;
}
