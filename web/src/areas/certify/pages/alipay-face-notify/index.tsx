import { RouteFrame } from '@/components/page-frame';

/** 人脸认证通知：接收支付宝人脸认证的结果通知，并更新账户的实名认证状态。 */
export default function AlipayFaceNotifyPage() {
  return <RouteFrame />;
}
