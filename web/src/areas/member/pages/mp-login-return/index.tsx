import { OAuthReturn } from '@/components/oauth-return';

/** 公众号授权返回（/mpReturn）：把公众号授权回传的 code 与 state 交给服务端，完成通知绑定。 */
export default function MpLoginReturnPage() {
  return <OAuthReturn kind="mp" />;
}
