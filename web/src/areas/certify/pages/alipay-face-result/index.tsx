import { PageFrame } from '@/components/page-frame';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { CertifyOutcome } from '../../components/certify-outcome';

/** 人脸认证结果：向服务端查询支付宝的真实认证结果（不信任地址栏参数），显示通过或未通过。 */
export default function AlipayFaceResultPage() {
  const meta = useRouteMeta();
  return (
    <PageFrame title={meta?.title ?? '实名认证'}>
      <CertifyOutcome ask={true} />
    </PageFrame>
  );
}
