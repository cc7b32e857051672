import { RouteFrame } from '@/components/page-frame';

/** 站内信：系统与客服发送给您的站内信，未读数量会显示在浏览器标签标题中。 */
export default function MessagePage() {
  return <RouteFrame />;
}
