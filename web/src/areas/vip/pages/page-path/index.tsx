import { RouteFrame } from '@/components/page-frame';

/** 访问路径：设置分站的访问路径、二级域名与独立域名。 */
export default function PagePathPage() {
  return <RouteFrame />;
}
