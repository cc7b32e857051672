import { RouteFrame } from '@/components/page-frame';

/** 管理员与角色：管理后台管理员账号、角色与权限。 */
export default function StaffPage() {
  return <RouteFrame />;
}
