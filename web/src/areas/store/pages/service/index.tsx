import { RouteFrame } from '@/components/page-frame';

/** 联系客服：本站客服的联系方式、服务时间与常见问题。 */
export default function ServicePage() {
  return <RouteFrame />;
}
