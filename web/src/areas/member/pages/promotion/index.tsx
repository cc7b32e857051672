import { RouteFrame } from '@/components/page-frame';

/** 推广收益：查看推广佣金明细与汇总，并将佣金领取到余额。 */
export default function PromotionPage() {
  return <RouteFrame />;
}
