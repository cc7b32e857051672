import { PageFrame } from '@/components/page-frame';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { CertifyOutcome } from '../../components/certify-outcome';

/** 扫码认证通知：显示中性的“认证结果处理中”，并轮询认证状态直到有结果。 */
export default function AlipayCodeNotifyPage() {
  const meta = useRouteMeta();
  return (
    <PageFrame title={meta?.title ?? '实名认证'}>
      <CertifyOutcome ask={false} />
    </PageFrame>
  );
}
