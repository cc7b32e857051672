import { RouteFrame } from '@/components/page-frame';

/** 系统设置：站点名称、后台路径、注册与登录、邮件与短信等系统设置。 */
export default function SettingsPage() {
  return <RouteFrame />;
}
