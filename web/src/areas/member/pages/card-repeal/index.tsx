import { useState } from 'react';
import { Button, Card, Empty, Form, Input, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { DeliveredCard, MyRepealRow } from '@kapu/contract';
import { getMyOrder, getMyOrders, getMyRepeals, requestCardRepeal } from '@/api/orders';
import { unwrap } from '@/app/http/unwrap';
import { PageFrame } from '@/components/page-frame';
import { RepealTag } from '@/components/order-view';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { ordersKeys } from '@/api/keys';
import { useAction } from '@/hooks/use-action';

type StatusFilter = 'all' | MyRepealRow['status'];
const PAGE_SIZE = 20;

/** 卡密撤销：对支持撤销的已发货卡密提交撤销申请，查看申请状态（审核通过后退回余额）。 */
export default function CardRepealPage() {
  const meta = useRouteMeta();
  const [params] = useSearchParams();
  const [orderNo, setOrderNo] = useState(params.get('orderNo') ?? undefined);
  const [selected, setSelected] = useState<number[]>([]);
  const [form] = Form.useForm<{ reason: string }>();
  // Delivered card orders: the ones a repeal can be asked for.
  const orders = useQuery({
    queryKey: ordersKeys.repealable,
    queryFn: () => unwrap(getMyOrders({ type: 'card', status: 'delivered', pageSize: 100 })),
  });
  const order = useQuery({
    queryKey: ordersKeys.detail(orderNo),
    queryFn: () => unwrap(getMyOrder(orderNo!)),
    enabled: Boolean(orderNo),
  });
  // Every request of the member, paged by the server (not limited to recent orders).
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const requests = useQuery({
    queryKey: ordersKeys.repealList(status, page),
    queryFn: () => unwrap(getMyRepeals({ status: status === 'all' ? undefined : status, page, pageSize: PAGE_SIZE })),
    placeholderData: keepPreviousData,
  });

  const request = useAction({
    call: ({ orderNo, cards, reason }: { orderNo: string; cards: number[]; reason: string }) =>
      requestCardRepeal(orderNo, cards, reason),
    success: (r) => `已提交 ${r.requested} 张卡密的撤销申请，请等待审核`,
    invalidates: [ordersKeys.details, ordersKeys.repeals],
    onSuccess: () => {
      setSelected([]);
      form.resetFields();
    },
  });
  const submit = ({ reason }: { reason: string }) => {
    if (!orderNo || selected.length === 0) return;
    request.run({ orderNo, cards: selected, reason });
  };

  const cards = order.data?.cards ?? [];
  const open = (c: DeliveredCard) =>
    c.status === 'sold' && (!c.repealStatus || c.repealStatus === 'none' || c.repealStatus === 'rejected');
  return (
    <PageFrame title="卡密撤销" description={meta?.description}>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card title="申请撤销">
          <Space wrap style={{ marginBottom: 12 }}>
            <Select
              showSearch
              placeholder="选择已发货的卡密订单"
              style={{ width: 420 }}
              value={orderNo}
              loading={orders.isLoading}
              optionFilterProp="label"
              options={(orders.data?.list ?? []).map((o) => ({
                value: o.orderNo,
                label: `${o.orderNo} · ${o.goodsName} × ${o.quantity}`,
              }))}
              onChange={(v: string) => {
                setOrderNo(v);
                setSelected([]);
              }}
              aria-label="订单"
            />
            {orderNo && <Link to={`/inside/showordermess?orderNo=${orderNo}`}>订单详情</Link>}
          </Space>
          {!orderNo ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description="请选择订单；只有商品允许撤销的卡密可以申请，审核通过后按单价退回余额"
            />
          ) : (
            <>
              <Table<DeliveredCard>
                rowKey="id"
                size="small"
                loading={order.isLoading}
                dataSource={cards}
                pagination={cards.length > 20 ? { pageSize: 20 } : false}
                rowSelection={{
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys as number[]),
                  getCheckboxProps: (c) => ({ disabled: !open(c) }),
                }}
                columns={[
                  {
                    title: '卡号',
                    dataIndex: 'card',
                    render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
                  },
                  { title: '密码', dataIndex: 'password' },
                  {
                    title: '状态',
                    key: 's',
                    render: (_: unknown, c) =>
                      c.repealStatus && c.repealStatus !== 'none' ? (
                        <RepealTag status={c.repealStatus} />
                      ) : c.status === 'void' ? (
                        <Tag>已作废</Tag>
                      ) : (
                        <Tag color="green">可申请</Tag>
                      ),
                  },
                ]}
              />
              <Form form={form} layout="inline" style={{ marginTop: 12 }} onFinish={(v) => void submit(v)}>
                <Form.Item
                  name="reason"
                  rules={[
                    { required: true, message: '请填写撤销原因' },
                    { max: 200 },
                    { pattern: /^[^<>]*$/, message: '不能包含 < 或 >' },
                  ]}
                >
                  <Input placeholder="撤销原因，如：卡密无效" style={{ width: 320 }} maxLength={200} />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={request.isPending} disabled={selected.length === 0}>
                  提交撤销申请（{selected.length} 张）
                </Button>
              </Form>
            </>
          )}
        </Card>
        <Card
          title="我的撤销申请"
          extra={
            <Segmented<StatusFilter>
              value={status}
              onChange={(v) => {
                setStatus(v);
                setPage(1);
              }}
              options={[
                { value: 'all', label: '全部' },
                { value: 'requested', label: '待审核' },
                { value: 'approved', label: '已通过' },
                { value: 'rejected', label: '已驳回' },
              ]}
            />
          }
        >
          <Table<MyRepealRow>
            rowKey="cardId"
            size="small"
            loading={requests.isFetching}
            dataSource={requests.data?.list ?? []}
            locale={{ emptyText: '还没有撤销申请' }}
            scroll={{ x: 'max-content' }}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: requests.data?.total ?? 0,
              onChange: setPage,
              hideOnSinglePage: true,
            }}
            columns={[
              { title: '状态', dataIndex: 'status', render: (v: string) => <RepealTag status={v} /> },
              {
                title: '订单号',
                dataIndex: 'orderNo',
                render: (v: string) => <Link to={`/inside/showordermess?orderNo=${v}`}>{v}</Link>,
              },
              { title: '商品', dataIndex: 'goodsName' },
              {
                title: '卡号',
                dataIndex: 'card',
                render: (v: string, r) => (
                  <Typography.Text code title={`卡密编号 ${r.cardId}`}>
                    {v}
                  </Typography.Text>
                ),
              },
              { title: '原因', dataIndex: 'reason' },
              { title: '客服回复', dataIndex: 'note', render: (v: string) => v || '—' },
              { title: '申请时间', dataIndex: 'requestedAt' },
              { title: '处理时间', dataIndex: 'handledAt', render: (v: string) => v || '—' },
            ]}
          />
        </Card>
      </Space>
    </PageFrame>
  );
}
