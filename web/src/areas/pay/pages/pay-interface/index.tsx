import { RouteFrame } from '@/components/page-frame';

/** 支付跳转：向支付平台提交付款请求并跳转的中转页面。 */
export default function PayInterfacePage() {
  return <RouteFrame />;
}
