import { RouteFrame } from '@/components/page-frame';

/** 我的兑换码：查看已购买或领取的兑换码（CDK）及其使用状态。 */
export default function CdkPage() {
  return <RouteFrame />;
}
