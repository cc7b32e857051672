import { RouteFrame } from '@/components/page-frame';

/** 资金明细：查看账户余额以及每一笔收入与支出流水。 */
export default function AccountMoneyPage() {
  return <RouteFrame />;
}
