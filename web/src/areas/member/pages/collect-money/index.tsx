import { RouteFrame } from '@/components/page-frame';

/** 余额提现：将余额提现到收款账户，查看提现申请与审核进度。 */
export default function CollectMoneyPage() {
  return <RouteFrame />;
}
