import { OAuthReturn } from '@/components/oauth-return';

/** QQ登录（/qqReturn）：把 QQ 回传的 code 与 state 交给服务端，完成登录或绑定。 */
export default function QqLoginReturnPage() {
  return <OAuthReturn kind="qq" />;
}
