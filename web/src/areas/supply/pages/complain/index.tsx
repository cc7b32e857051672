import { useState } from 'react';
import { Button, Card, Drawer, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { DeskComplaintRow } from '@kapu/contract';
import { replySellerComplaint, sellerComplaint, sellerComplaints, uploadEvidence } from '@/api/complaints';
import { complaintsKeys } from '@/api/keys';
import { unwrap } from '@/app/http/unwrap';
import { useLayoutStore } from '@/app/stores/layout-store';
import { ComplaintThread } from '@/components/complaint-thread';
import { ComplaintStatusList } from '@/components/complaint-table';
import { LoadFailed } from '@/components/load-failed';
import { PageFrame } from '@/components/page-frame';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';

function SellerThread({ id }: { id: number }) {
  const detail = useQuery({
    queryKey: complaintsKeys.detail('seller', id),
    queryFn: () => unwrap(sellerComplaint(id)),
    retry: false,
  });
  const replying = useAction({ call: replySellerComplaint, success: '已回复买家', invalidates: [complaintsKeys.all] });
  if (detail.isError) return <LoadFailed title="投诉加载失败" onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  return (
    <ComplaintThread
      detail={detail.data}
      replying={replying.isPending}
      uploadEvidenceFile={uploadEvidence}
      onReply={async (content, images) => (await replying.act({ id, content, images })).ok}
    />
  );
}

/** 供货投诉：买家针对我供货的订单发起的投诉；在规定时间内回复，否则转平台介入。 */
export default function SupplyComplainPage() {
  const meta = useRouteMeta();
  const isMobile = useLayoutStore((s) => s.isMobile);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <PageFrame title="供货投诉" description={meta?.description}>
      <Card>
        <ComplaintStatusList<DeskComplaintRow>
          queryKey={complaintsKeys.seller}
          load={sellerComplaints}
          empty="暂时没有买家投诉你供货的订单"
          extraColumns={[
            {
              title: '回复期限',
              dataIndex: 'sellerDueAt',
              render: (v: string, r) =>
                v ? <span style={{ color: r.overdue ? '#cf1322' : undefined }}>{v}</span> : '—',
            },
          ]}
          action={(r) => (
            <Button size="small" type="link" onClick={() => setOpen(r.id)}>
              处理
            </Button>
          )}
        />
      </Card>
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        width={isMobile ? '100%' : 760}
        title={open ? `投诉 #${open}` : ''}
        destroyOnHidden
      >
        {open && <SellerThread id={open} />}
      </Drawer>
    </PageFrame>
  );
}
