import { RouteFrame } from '@/components/page-frame';

/** 价格查询：无需登录，查看商品在各会员等级下的售价。 */
export default function PriceLookupPage() {
  return <RouteFrame />;
}
