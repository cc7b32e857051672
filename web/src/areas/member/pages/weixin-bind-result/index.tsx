import { RouteFrame } from '@/components/page-frame';

/** 微信绑定结果：微信授权完成后返回此页，显示与本站账号的绑定结果。 */
export default function WeixinBindResultPage() {
  return <RouteFrame />;
}
