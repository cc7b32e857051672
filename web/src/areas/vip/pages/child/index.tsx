import { RouteFrame } from '@/components/page-frame';

/** 下级分站：查看和管理在本分站下开通的下级分站。 */
export default function ChildPage() {
  return <RouteFrame />;
}
