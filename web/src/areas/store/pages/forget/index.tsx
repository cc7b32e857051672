import { RouteFrame } from '@/components/page-frame';

/** 找回密码：通过已绑定的手机号或邮箱验证身份后，重新设置登录密码。 */
export default function ForgetPage() {
  return <RouteFrame />;
}
