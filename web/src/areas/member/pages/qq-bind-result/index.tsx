import { OAuthReturn } from '@/components/oauth-return';

/** QQ绑定结果（/myQqNotify）：把 QQ 回传的 code 与 state 交给服务端，显示绑定或登录结果。 */
export default function QqBindResultPage() {
  return <OAuthReturn kind="qq" />;
}
