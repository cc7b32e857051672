import { RouteFrame } from '@/components/page-frame';

/** 公众号绑定结果：关注公众号并授权后返回此页，显示与本站账号的绑定结果。 */
export default function MpBindResultPage() {
  return <RouteFrame />;
}
