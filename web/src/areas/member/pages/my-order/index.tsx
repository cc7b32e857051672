import { useState } from 'react';
import { App, Button, Card, DatePicker, Input, Select, Space, Table } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { Dayjs } from 'dayjs';
import {
  GOODS_TYPES,
  type GoodsType,
  GoodsTypeLabels,
  ORDER_STATUSES,
  type OrderStatus,
  OrderStatusLabels,
  type OrderSummary,
} from '@kapu/contract';
import { exportMyOrders, getMyOrders, type OrderListQuery } from '@/api/orders';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { saveCsvExport } from '@/app/csv';
import { PageFrame } from '@/components/page-frame';
import { OrderStatusTag } from '@/components/order-view';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { useLayoutStore } from '@/app/stores/layout-store';
import { ordersKeys } from '@/api/keys';
import { useAction } from '@/hooks/use-action';

/** 我的订单：按状态、类型、关键词、时间筛选，分页查看，按筛选条件导出 CSV。 */
export default function MyOrderPage() {
  const meta = useRouteMeta();
  const [params] = useSearchParams();
  const initialStatus = (ORDER_STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as OrderStatus)
    : undefined;
  const [filters, setFilters] = useState<OrderListQuery>({ status: initialStatus });
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const isMobile = useLayoutStore((s) => s.isMobile);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const { message } = App.useApp();
  const query = { ...filters, page, pageSize };
  const orders = useQuery({
    queryKey: ordersKeys.mine(query),
    queryFn: () => unwrap(getMyOrders(query)),
    placeholderData: keepPreviousData,
  });

  const set = (patch: Partial<OrderListQuery>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  // Every order under the current filters, prepared by the server (newest first, capped).
  const exportCsv = useAction({
    call: () => exportMyOrders(filters),
    onSuccess: (file) => {
      saveCsvExport(file);
      if (file.truncated) message.warning(`已导出最新的 ${file.count} 笔订单，更早的订单请缩小时间范围后分批导出`);
      else message.success(`已导出 ${file.count} 笔订单`);
    },
  });

  return (
    <PageFrame title="我的订单" description={meta?.description}>
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Select
            allowClear
            placeholder="全部状态"
            style={{ width: 130 }}
            value={filters.status}
            options={ORDER_STATUSES.map((s) => ({ value: s, label: OrderStatusLabels[s] }))}
            onChange={(v?: OrderStatus) => set({ status: v })}
            aria-label="订单状态"
          />
          <Select
            allowClear
            placeholder="全部类型"
            style={{ width: 120 }}
            value={filters.type}
            options={GOODS_TYPES.map((t) => ({ value: t, label: GoodsTypeLabels[t] }))}
            onChange={(v?: GoodsType) => set({ type: v })}
            aria-label="商品类型"
          />
          <DatePicker.RangePicker
            value={range}
            onChange={(v) => {
              setRange(v);
              set({ from: v?.[0]?.startOf('day').valueOf(), to: v?.[1]?.endOf('day').valueOf() });
            }}
          />
          <Input.Search
            allowClear
            placeholder="订单号或商品名称"
            style={{ width: 240 }}
            enterButton="搜索"
            onSearch={(v) => set({ keyword: v.trim() || undefined })}
          />
          <Button
            icon={<DownloadOutlined />}
            loading={exportCsv.isPending}
            disabled={!orders.data?.total}
            onClick={() => exportCsv.run()}
          >
            导出 CSV
          </Button>
        </Space>
        <Table<OrderSummary>
          rowKey="orderNo"
          loading={orders.isFetching}
          dataSource={orders.data?.list ?? []}
          scroll={isMobile ? undefined : { x: 'max-content' }}
          size={isMobile ? 'small' : 'middle'}
          pagination={{
            current: page,
            pageSize,
            total: orders.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (t) => `共 ${t} 笔订单`,
            onChange: (p, s) => {
              setPage(p);
              setPageSize(s);
            },
          }}
          columns={
            isMobile
              ? [
                  // A phone shows what matters without sideways scrolling: goods, amount and status, then the way in.
                  {
                    title: '商品',
                    key: 'goods',
                    render: (_: unknown, r) => (
                      <Link to={`/inside/showordermess?orderNo=${r.orderNo}`}>
                        <div>
                          {r.goodsName}
                          {r.quantity > 1 ? ` × ${r.quantity}` : ''}
                        </div>
                        <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.45)' }}>{r.createdAt}</div>
                      </Link>
                    ),
                  },
                  {
                    title: '金额 / 状态',
                    key: 'state',
                    align: 'right',
                    render: (_: unknown, r) => (
                      <div>
                        <div>{formatYuan(r.amount)}</div>
                        <OrderStatusTag status={r.status} text={r.statusText} />
                      </div>
                    ),
                  },
                ]
              : [
                  {
                    title: '订单号',
                    dataIndex: 'orderNo',
                    render: (v: string) => <Link to={`/inside/showordermess?orderNo=${v}`}>{v}</Link>,
                  },
                  { title: '商品', dataIndex: 'goodsName' },
                  { title: '类型', dataIndex: 'goodsType', render: (v: GoodsType) => GoodsTypeLabels[v] },
                  { title: '数量', dataIndex: 'quantity' },
                  { title: '金额', dataIndex: 'amount', render: (v: number) => formatYuan(v) },
                  {
                    title: '状态',
                    dataIndex: 'status',
                    render: (v: OrderStatus, r) => <OrderStatusTag status={v} text={r.statusText} />,
                  },
                  { title: '下单时间', dataIndex: 'createdAt' },
                  {
                    title: '操作',
                    key: 'op',
                    fixed: 'right',
                    render: (_: unknown, r) => (
                      <Space size={4}>
                        <Link to={`/inside/showordermess?orderNo=${r.orderNo}`}>详情</Link>
                        {r.status === 'delivered' && (
                          <Link to={`/inside/orderContent?orderNo=${r.orderNo}`}>发货内容</Link>
                        )}
                        {r.status === 'unpaid' && <Link to={`/pay/payonline?orderNo=${r.orderNo}`}>去支付</Link>}
                      </Space>
                    ),
                  },
                ]
          }
        />
      </Card>
    </PageFrame>
  );
}
