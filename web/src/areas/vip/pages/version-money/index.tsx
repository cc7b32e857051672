import { RouteFrame } from '@/components/page-frame';

/** 版本价格：设置下级分站各版本的开通价格，或升级本分站的版本。 */
export default function VersionMoneyPage() {
  return <RouteFrame />;
}
