import { memberWebhooks } from '@/api/webhooks';
import { PageFrame } from '@/components/page-frame';
import { WebhookPanel } from '@/components/webhook-panel';
import { useRouteMeta } from '@/hooks/use-route-meta';

/** Webhook 通知：我的订单、提现、供货商品等事件发生时推送到我的回调地址。 */
export default function MemberWebhooksPage() {
  const meta = useRouteMeta();
  return (
    <PageFrame title="Webhook 通知" description={meta?.description}>
      <WebhookPanel scope="member" calls={memberWebhooks} />
    </PageFrame>
  );
}
