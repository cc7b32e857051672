import { RouteFrame } from '@/components/page-frame';

/** 邀请好友：通过邀请链接与推广海报邀请好友注册，查看已邀请的会员。 */
export default function InviteFriendsPage() {
  return <RouteFrame />;
}
