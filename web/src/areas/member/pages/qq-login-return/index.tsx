import { RouteFrame } from '@/components/page-frame';

/** QQ登录：使用 QQ 授权登录后返回此页，完成登录或绑定已有账号。 */
export default function QqLoginReturnPage() {
  return <RouteFrame />;
}
