import { OAuthReturn } from '@/components/oauth-return';

/** 微信绑定结果（/myWeixinNotify）：把微信回传的 code 与 state 交给服务端，显示绑定或登录结果。 */
export default function WeixinBindResultPage() {
  return <OAuthReturn kind="wx" />;
}
