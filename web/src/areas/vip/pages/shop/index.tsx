import { PageFrame } from '@/components/page-frame';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { SitePaymentAccounts } from './payment-accounts';

/** 分站店铺：分站店铺的展示与收款设置（收款账户见 payment-accounts.tsx）。 */
export default function ShopPage() {
  const meta = useRouteMeta();
  return (
    <PageFrame title={meta?.title ?? '分站店铺'} description={meta?.description}>
      <SitePaymentAccounts />
    </PageFrame>
  );
}
