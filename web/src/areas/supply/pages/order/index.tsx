import { useState } from 'react';
import { Button, Card, Select, Space, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ORDER_STATUSES, OrderStatusLabels, type OrderStatus, type SupplierOrderRow } from '@kapu/contract';
import { supplyKeys } from '@/api/keys';
import { exportSupplierOrders, getSupplierGoods, getSupplierOrders, type SupplierOrderQuery } from '@/api/supply';
import { saveCsvExport } from '@/app/csv';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { useLayoutStore } from '@/app/stores/layout-store';
import { PageFrame } from '@/components/page-frame';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { DayRangeFilter, OrderNoSearch, pagingOf } from '../../list-controls';

const PAID_STATUSES = ORDER_STATUSES.filter((s) => !['unpaid', 'expired', 'cancelled'].includes(s));

/** 供货订单：我的商品成交的订单（不含买家联系方式），可按状态、商品、日期、订单号筛选并导出。 */
export default function SupplyOrderPage() {
  const meta = useRouteMeta();
  const isMobile = useLayoutStore((s) => s.isMobile);
  const [query, setQuery] = useState<SupplierOrderQuery>({ page: 1, pageSize: 20 });
  const goods = useQuery({
    queryKey: supplyKeys.goodsList({ page: 1, pageSize: 100 }),
    queryFn: () => unwrap(getSupplierGoods({ page: 1, pageSize: 100 })),
  });
  const orders = useQuery({
    queryKey: supplyKeys.orders(query),
    queryFn: () => unwrap(getSupplierOrders(query)),
    placeholderData: keepPreviousData,
  });
  const exportOrders = useAction({ call: exportSupplierOrders, onSuccess: (file) => saveCsvExport(file) });
  const filtered = query.status || query.goodsId || query.orderNo || query.from;
  return (
    <PageFrame
      title="供货订单"
      description={meta?.description}
      extra={
        <Button
          loading={exportOrders.isPending}
          onClick={() =>
            exportOrders.run({
              status: query.status,
              goodsId: query.goodsId,
              orderNo: query.orderNo,
              from: query.from,
              to: query.to,
            })
          }
        >
          导出 CSV
        </Button>
      }
    >
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Select
            allowClear
            placeholder="订单状态"
            style={{ width: 130 }}
            options={PAID_STATUSES.map((s) => ({ value: s, label: OrderStatusLabels[s] }))}
            onChange={(status?: OrderStatus) => setQuery((q) => ({ ...q, status, page: 1 }))}
          />
          <Select
            allowClear
            placeholder="全部商品"
            style={{ width: 200 }}
            options={(goods.data?.list ?? []).map((g) => ({ value: g.id, label: g.name }))}
            onChange={(goodsId?: number) => setQuery((q) => ({ ...q, goodsId, page: 1 }))}
          />
          <DayRangeFilter setQuery={setQuery} />
          <OrderNoSearch setQuery={setQuery} />
        </Space>
        <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
          为保护买家隐私，这里不显示买家的联系方式；直充与代充订单显示买家填写的下单信息，实物订单在发货前显示收货地址。
        </Typography.Paragraph>
        <Table<SupplierOrderRow>
          rowKey="orderNo"
          loading={orders.isFetching}
          dataSource={orders.data?.list ?? []}
          locale={{ emptyText: filtered ? '没有符合条件的订单' : '你的商品还没有成交订单' }}
          scroll={isMobile ? undefined : { x: 'max-content' }}
          size={isMobile ? 'small' : 'middle'}
          pagination={pagingOf(query, setQuery, orders.data?.total, '笔')}
          columns={[
            {
              title: '订单号',
              dataIndex: 'orderNo',
              render: (v: string) => <Typography.Text copyable>{v}</Typography.Text>,
            },
            { title: '商品', dataIndex: 'goodsName' },
            { title: '数量', dataIndex: 'quantity', align: 'right' },
            { title: '供货价', dataIndex: 'unitCost', align: 'right', render: (v: number) => formatYuan(v) },
            { title: '状态', dataIndex: 'statusText', render: (v: string) => <Tag>{v}</Tag> },
            {
              title: '下单信息',
              key: 'inputs',
              render: (_: unknown, o) =>
                o.ship ? (
                  <span>
                    {o.ship.name} {o.ship.phone}
                    <br />
                    {o.ship.address}
                  </span>
                ) : o.buyerInputs.length ? (
                  o.buyerInputs.map((b) => (
                    <div key={b.key}>
                      {b.label}：{b.value}
                    </div>
                  ))
                ) : (
                  '—'
                ),
            },
            {
              title: '我的结算',
              key: 'settlement',
              align: 'right',
              render: (_: unknown, o) =>
                o.settlement ? (
                  <span>
                    {formatYuan(o.settlement.amount)}
                    <br />
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {o.settlement.statusText}
                    </Typography.Text>
                  </span>
                ) : (
                  '—'
                ),
            },
            {
              title: '退款',
              dataIndex: 'refundAmount',
              align: 'right',
              render: (v: number) => (v > 0 ? formatYuan(v) : '—'),
            },
            { title: '下单时间', dataIndex: 'createdAt' },
            { title: '发货时间', dataIndex: 'deliveredAt', render: (v: string) => v || '—' },
          ]}
        />
      </Card>
    </PageFrame>
  );
}
