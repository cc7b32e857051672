import { DockingScreen } from '@/components/docking-screen';
import { PageFrame } from '@/components/page-frame';
import { useRouteMeta } from '@/hooks/use-route-meta';

/** 货源对接（分站）：本站的上游连接、上游商品、采购单、同步日志与对账（需分站版本支持开放接口）。 */
export default function VipDockingPage() {
  const meta = useRouteMeta();
  return (
    <PageFrame title="货源对接" description={meta?.description}>
      <DockingScreen scope="vip" />
    </PageFrame>
  );
}
