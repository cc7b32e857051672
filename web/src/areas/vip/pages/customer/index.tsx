import { RouteFrame } from '@/components/page-frame';

/** 分站会员：管理在分站注册的会员及其等级。 */
export default function CustomerPage() {
  return <RouteFrame />;
}
