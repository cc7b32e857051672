import { RouteFrame } from '@/components/page-frame';

/** 支付结果：从支付平台返回后的支付结果页，显示本次付款是否成功。 */
export default function PayReturnPage() {
  return <RouteFrame heading="支付结果" />;
}
