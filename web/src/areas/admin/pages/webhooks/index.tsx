import { adminWebhooks } from '@/api/webhooks';
import { PageFrame } from '@/components/page-frame';
import { WebhookPanel } from '@/components/webhook-panel';
import { useRouteMeta } from '@/hooks/use-route-meta';

/** Webhook 通知（后台）：平台的订阅（全部事件）与所有会员和平台的投递记录。 */
export default function AdminWebhooksPage() {
  const meta = useRouteMeta();
  return (
    <PageFrame title="Webhook 通知" description={meta?.description}>
      <WebhookPanel scope="admin" calls={adminWebhooks} showOwner />
    </PageFrame>
  );
}
