import { RouteFrame } from '@/components/page-frame';

/** 公众号登录：通过公众号授权登录后返回此页，完成登录或绑定已有账号。 */
export default function MpLoginReturnPage() {
  return <RouteFrame />;
}
