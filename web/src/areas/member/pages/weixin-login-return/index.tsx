import { RouteFrame } from '@/components/page-frame';

/** 微信登录：使用微信授权登录后返回此页，完成登录或绑定已有账号。 */
export default function WeixinLoginReturnPage() {
  return <RouteFrame />;
}
