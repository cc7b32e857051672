import { useState } from 'react';
import { Button, Card, Empty, Select, Space, Table } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { COMPLAINT_STATUSES, ComplaintStatusLabels, type ComplaintRow, type ComplaintStatus } from '@kapu/contract';
import { myComplaints } from '@/api/complaints';
import { complaintsKeys } from '@/api/keys';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { useLayoutStore } from '@/app/stores/layout-store';
import { ComplaintStatusTag } from '@/components/complaint-thread';
import { LoadFailed } from '@/components/load-failed';
import { PageFrame } from '@/components/page-frame';
import { useRouteMeta } from '@/hooks/use-route-meta';

/** 我的投诉：已提交的订单投诉及处理进度。 */
export default function ComplainPage() {
  const meta = useRouteMeta();
  const isMobile = useLayoutStore((s) => s.isMobile);
  const [status, setStatus] = useState<ComplaintStatus>();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const list = useQuery({
    queryKey: complaintsKeys.mine(status, page, pageSize),
    queryFn: () => unwrap(myComplaints({ status, page, pageSize })),
    placeholderData: keepPreviousData,
  });
  return (
    <PageFrame title="我的投诉" description={meta?.description}>
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
          <Table<ComplaintRow>
            rowKey="id"
            loading={list.isFetching}
            dataSource={list.data?.list ?? []}
            scroll={isMobile ? undefined : { x: 'max-content' }}
            size={isMobile ? 'small' : 'middle'}
            locale={{
              emptyText: (
                <Empty
                  description={
                    status ? '没有该状态的投诉' : '你还没有投诉过订单。订单有问题时，可在订单详情中点“投诉订单”。'
                  }
                />
              ),
            }}
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
                render: (v: ComplaintStatus, r) => (
                  <Space size={4} wrap>
                    <ComplaintStatusTag status={v} text={r.statusText} />
                    {r.outcomeText && <span>{r.outcomeText}</span>}
                  </Space>
                ),
              },
              {
                title: '退款',
                dataIndex: 'refundAmount',
                align: 'right',
                render: (v: number) => (v > 0 ? formatYuan(v) : '—'),
              },
              { title: '更新时间', dataIndex: 'updatedAt' },
              {
                title: '操作',
                key: 'op',
                render: (_, r) => (
                  <Link to={`/inside/orderComplain?id=${r.id}`}>
                    <Button size="small" type="link">
                      查看
                    </Button>
                  </Link>
                ),
              },
            ]}
          />
        )}
      </Card>
    </PageFrame>
  );
}
