import { RouteFrame } from '@/components/page-frame';

/** 公众号扫码登录：使用微信扫描公众号二维码，登录或绑定本站账号。 */
export default function MpQrcodePage() {
  return <RouteFrame />;
}
