import { RouteFrame } from '@/components/page-frame';

/** 支付配置：配置易支付、支付宝、微信支付等支付通道与费率。 */
export default function PaymentsPage() {
  return <RouteFrame />;
}
