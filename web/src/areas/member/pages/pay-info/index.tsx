import { RouteFrame } from '@/components/page-frame';

/** 收款账户：管理用于提现的支付宝、银行卡等收款账户。 */
export default function PayInfoPage() {
  return <RouteFrame />;
}
