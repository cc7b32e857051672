import { RouteFrame } from '@/components/page-frame';

/** 我的收藏：收藏的商品，方便再次快速下单。 */
export default function MyFavoritesPage() {
  return <RouteFrame />;
}
