import { RouteFrame } from '@/components/page-frame';

/** 扫码认证通知：接收支付宝扫码认证的结果通知，并更新账户的实名认证状态。 */
export default function AlipayCodeNotifyPage() {
  return <RouteFrame />;
}
