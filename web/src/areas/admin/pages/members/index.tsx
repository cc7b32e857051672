import { RouteFrame } from '@/components/page-frame';

/** 会员管理：查看、搜索与管理本站会员，调整等级、余额与账号状态。 */
export default function MembersPage() {
  return <RouteFrame />;
}
