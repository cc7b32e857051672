import { useState } from 'react';
import { Button, Card, Drawer, Empty, Select, Skeleton, Space, Table } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { COMPLAINT_STATUSES, ComplaintStatusLabels, type ComplaintStatus, type DeskComplaintRow } from '@kapu/contract';
import { replySellerComplaint, sellerComplaint, sellerComplaints, uploadEvidence } from '@/api/complaints';
import { complaintsKeys } from '@/api/keys';
import { unwrap } from '@/app/http/unwrap';
import { useLayoutStore } from '@/app/stores/layout-store';
import { ComplaintStatusTag, ComplaintThread } from '@/components/complaint-thread';
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
  const [status, setStatus] = useState<ComplaintStatus>();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [open, setOpen] = useState<number | null>(null);
  const list = useQuery({
    queryKey: complaintsKeys.seller(status, page, pageSize),
    queryFn: () => unwrap(sellerComplaints({ status, page, pageSize })),
    placeholderData: keepPreviousData,
  });
  return (
    <PageFrame title="供货投诉" description={meta?.description}>
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Select<ComplaintStatus>
            allowClear
            placeholder="全部状态"
            style={{ width: 160 }}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            options={COMPLAINT_STATUSES.map((s) => ({ value: s, label: ComplaintStatusLabels[s] }))}
          />
        </Space>
        {list.isError ? (
          <LoadFailed title="投诉列表加载失败" onRetry={() => void list.refetch()} />
        ) : (
          <Table<DeskComplaintRow>
            rowKey="id"
            loading={list.isFetching}
            dataSource={list.data?.list ?? []}
            scroll={isMobile ? undefined : { x: 'max-content' }}
            size={isMobile ? 'small' : 'middle'}
            locale={{ emptyText: <Empty description="暂时没有买家投诉你供货的订单" /> }}
            pagination={{
              current: page,
              pageSize,
              total: list.data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (t) => `共 ${t} 条投诉`,
              onChange: (p, s) => {
                setPage(p);
                setPageSize(s);
              },
            }}
            columns={[
              { title: '编号', dataIndex: 'id', render: (v: number) => `#${v}` },
              {
                title: '订单',
                dataIndex: 'orderNo',
                render: (v: string, r) => (
                  <div>
                    <div>{r.goodsName}</div>
                    <div style={{ fontSize: 12, color: '#888' }}>{v}</div>
                  </div>
                ),
              },
              { title: '类型', dataIndex: 'typeText' },
              {
                title: '状态',
                dataIndex: 'status',
                render: (v: ComplaintStatus, r) => <ComplaintStatusTag status={v} text={r.statusText} />,
              },
              {
                title: '回复期限',
                dataIndex: 'sellerDueAt',
                render: (v: string, r) =>
                  v ? <span style={{ color: r.overdue ? '#cf1322' : undefined }}>{v}</span> : '—',
              },
              { title: '更新时间', dataIndex: 'updatedAt' },
              {
                title: '操作',
                key: 'op',
                render: (_, r) => (
                  <Button size="small" type="link" onClick={() => setOpen(r.id)}>
                    处理
                  </Button>
                ),
              },
            ]}
          />
        )}
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
