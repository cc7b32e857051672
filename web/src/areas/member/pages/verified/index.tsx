import { RouteFrame } from '@/components/page-frame';

/** 实名认证：通过支付宝人脸或扫码完成实名认证。 */
export default function VerifiedPage() {
  return <RouteFrame />;
}
