import { OAuthReturn } from '@/components/oauth-return';

/** 微信登录（/weixinReturn）：把微信回传的 code 与 state 交给服务端，完成登录或绑定。 */
export default function WeixinLoginReturnPage() {
  return <OAuthReturn kind="wx" />;
}
