import { RouteFrame } from '@/components/page-frame';

/** 人脸认证结果：显示支付宝人脸认证的结果，认证通过后可返回实名认证页面。 */
export default function AlipayFaceResultPage() {
  return <RouteFrame />;
}
