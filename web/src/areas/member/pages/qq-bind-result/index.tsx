import { RouteFrame } from '@/components/page-frame';

/** QQ绑定结果：QQ 账号授权完成后返回此页，显示与本站账号的绑定结果。 */
export default function QqBindResultPage() {
  return <RouteFrame />;
}
