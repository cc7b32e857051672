import { RouteFrame } from '@/components/page-frame';

/** 开通分站：购买分站版本，开通属于自己的分站并设置名称与访问地址。 */
export default function SelfCreateVipPage() {
  return <RouteFrame />;
}
