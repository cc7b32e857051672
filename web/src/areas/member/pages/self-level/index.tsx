import { RouteFrame } from '@/components/page-frame';

/** 我的等级：查看当前会员等级与各等级的价格优惠，可购买或升级等级。 */
export default function SelfLevelPage() {
  return <RouteFrame />;
}
