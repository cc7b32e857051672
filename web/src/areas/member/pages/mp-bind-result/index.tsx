import { OAuthReturn } from '@/components/oauth-return';

/** 公众号绑定结果（/myMpNotify）：把公众号授权回传的 code 与 state 交给服务端，显示通知绑定结果。 */
export default function MpBindResultPage() {
  return <OAuthReturn kind="mp" />;
}
