import { useState } from 'react';
import { Button, Card, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  GoodsTypeLabels,
  REVIEW_STATUSES,
  ReviewStatusLabels,
  memberText,
  type AdminReviewRow,
  type ReviewStatus,
} from '@kapu/contract';
import { adminSupplyKeys } from '@/api/keys';
import { adminDecideReview, adminSupplyReviews } from '@/api/supply';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { useLayoutStore } from '@/app/stores/layout-store';
import { PageFrame } from '@/components/page-frame';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';

const COLORS: Record<ReviewStatus, string> = { pending: 'processing', approved: 'success', rejected: 'default' };

function DecideModal({ review, approve, onClose }: { review: AdminReviewRow; approve: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ price?: string; reason?: string }>();
  const decide = useAction({
    call: adminDecideReview,
    success: approve ? '已通过，商品已上架' : '已驳回',
    invalidates: [adminSupplyKeys.all],
    onSuccess: onClose,
  });
  const suggested = Math.max(review.price, review.cost);
  return (
    <Modal
      open
      title={`${approve ? '通过' : '驳回'}：${review.goodsName}`}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={decide.isPending}
      okButtonProps={{ danger: !approve }}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {review.kindText}：供货价 {formatYuan(review.cost)}
        {review.kind === 'cost_rise' && `（原 ${formatYuan(review.previousCost)}）`}，当前售价{' '}
        {formatYuan(review.price)}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ price: (suggested / 100).toFixed(2) }}
        onFinish={(v) => decide.run({ id: review.id, approve, price: approve ? v.price : undefined, reason: v.reason })}
      >
        {approve ? (
          <Form.Item
            label="平台售价（元）"
            name="price"
            rules={[{ required: true, message: '请填写售价' }]}
            extra="不低于供货价；分站在此基础上按价格链加价销售"
          >
            <Input style={{ width: 160 }} />
          </Form.Item>
        ) : (
          <Form.Item
            label="驳回原因（供货商可见）"
            name="reason"
            rules={[{ required: true, message: '请填写驳回原因' }]}
          >
            <Input.TextArea rows={3} maxLength={200} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** 供货审核：新商品与供货价上调的审核队列。 */
export default function SupplyReviewsPage() {
  const meta = useRouteMeta();
  const isMobile = useLayoutStore((s) => s.isMobile);
  const [query, setQuery] = useState<{ status?: ReviewStatus; page: number; pageSize: number }>({
    status: 'pending',
    page: 1,
    pageSize: 20,
  });
  const [deciding, setDeciding] = useState<{ review: AdminReviewRow; approve: boolean } | null>(null);
  const list = useQuery({
    queryKey: adminSupplyKeys.reviews(query),
    queryFn: () => unwrap(adminSupplyReviews(query)),
    placeholderData: keepPreviousData,
  });
  return (
    <PageFrame title="供货审核" description={meta?.description}>
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Select
            allowClear
            value={query.status}
            placeholder="全部"
            style={{ width: 120 }}
            options={REVIEW_STATUSES.map((s) => ({ value: s, label: ReviewStatusLabels[s] }))}
            onChange={(status?: ReviewStatus) => setQuery((q) => ({ ...q, status, page: 1 }))}
          />
        </Space>
        <Table<AdminReviewRow>
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: query.status === 'pending' ? '没有待审核的供货商品' : '没有审核记录' }}
          scroll={isMobile ? undefined : { x: 'max-content' }}
          size={isMobile ? 'small' : 'middle'}
          pagination={{
            current: query.page,
            pageSize: query.pageSize,
            total: list.data?.total ?? 0,
            showTotal: (t) => `共 ${t} 条`,
            onChange: (page, pageSize) => setQuery((q) => ({ ...q, page, pageSize })),
          }}
          columns={[
            {
              title: '商品',
              dataIndex: 'goodsName',
              render: (v: string, r) => `${v}（${GoodsTypeLabels[r.goodsType]}）`,
            },
            { title: '供货商', dataIndex: 'supplier', render: (_: unknown, r) => memberText(r.supplier) },
            { title: '类型', dataIndex: 'kindText' },
            {
              title: '供货价',
              dataIndex: 'cost',
              align: 'right',
              render: (v: number, r) =>
                r.kind === 'cost_rise' ? `${formatYuan(r.previousCost)} → ${formatYuan(v)}` : formatYuan(v),
            },
            { title: '当前售价', dataIndex: 'price', align: 'right', render: (v: number) => formatYuan(v) },
            {
              title: '状态',
              dataIndex: 'statusText',
              render: (v: string, r) => (
                <Space direction="vertical" size={0}>
                  <Tag color={COLORS[r.status]}>{v}</Tag>
                  {r.reason && <Typography.Text type="secondary">{r.reason}</Typography.Text>}
                </Space>
              ),
            },
            { title: '提交时间', dataIndex: 'createdAt' },
            {
              title: '操作',
              key: 'actions',
              render: (_: unknown, r) =>
                r.status === 'pending' ? (
                  <Space>
                    <Button type="primary" size="small" onClick={() => setDeciding({ review: r, approve: true })}>
                      通过
                    </Button>
                    <Button size="small" onClick={() => setDeciding({ review: r, approve: false })}>
                      驳回
                    </Button>
                  </Space>
                ) : (
                  r.decidedAt
                ),
            },
          ]}
        />
      </Card>
      {deciding && <DecideModal {...deciding} onClose={() => setDeciding(null)} />}
    </PageFrame>
  );
}
