import { DockingScreen } from '@/components/docking-screen';
import { PageFrame } from '@/components/page-frame';
import { useRouteMeta } from '@/hooks/use-route-meta';

/** 货源对接（平台）：上游连接、导入商品、对接商品、采购单、同步日志、对账。 */
export default function AdminDockingPage() {
  const meta = useRouteMeta();
  return (
    <PageFrame title="货源对接" description={meta?.description}>
      <DockingScreen scope="admin" />
    </PageFrame>
  );
}
