import { RouteFrame } from '@/components/page-frame';

/** 商品分类：按分类浏览本站的全部商品。 */
export default function GoodsDirPage() {
  return <RouteFrame />;
}
