import { RouteFrame } from '@/components/page-frame';

/** 分站目录：选择并排序分站展示的商品分类。 */
export default function DirectoryPage() {
  return <RouteFrame />;
}
