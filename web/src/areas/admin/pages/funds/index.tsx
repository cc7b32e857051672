import { RouteFrame } from '@/components/page-frame';

/** 资金管理：资金流水、充值记录与提现审核。 */
export default function FundsPage() {
  return <RouteFrame />;
}
