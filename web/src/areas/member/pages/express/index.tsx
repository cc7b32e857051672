import { useState } from 'react';
import { Card, Table, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { OrderStatus, OrderSummary } from '@kapu/contract';
import { getMyOrders } from '@/api/orders';
import { unwrap } from '@/app/http/unwrap';
import { PageFrame } from '@/components/page-frame';
import { OrderStatusTag } from '@/components/order-view';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { ordersKeys } from '@/api/keys';

/** 我的物流：实物订单的快递公司与单号。 */
export default function ExpressPage() {
  const meta = useRouteMeta();
  const [page, setPage] = useState(1);
  const orders = useQuery({
    queryKey: ordersKeys.physical(page),
    queryFn: () => unwrap(getMyOrders({ type: 'physical', page, pageSize: 20 })),
    placeholderData: keepPreviousData,
  });
  return (
    <PageFrame title="我的物流" description={meta?.description}>
      <Card>
        <Table<OrderSummary>
          rowKey="orderNo"
          loading={orders.isFetching}
          dataSource={(orders.data?.list ?? []).filter((o) => o.status !== 'expired' && o.status !== 'cancelled')}
          locale={{ emptyText: '还没有实物订单' }}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: page,
            pageSize: 20,
            total: orders.data?.total ?? 0,
            onChange: setPage,
            hideOnSinglePage: true,
          }}
          columns={[
            {
              title: '订单号',
              dataIndex: 'orderNo',
              render: (v: string) => <Link to={`/inside/showordermess?orderNo=${v}`}>{v}</Link>,
            },
            { title: '商品', dataIndex: 'goodsName' },
            { title: '数量', dataIndex: 'quantity' },
            {
              title: '状态',
              dataIndex: 'status',
              render: (v: OrderStatus, r) => <OrderStatusTag status={v} text={r.statusText} />,
            },
            { title: '快递公司', key: 'carrier', render: (_: unknown, r) => r.express?.carrier || '待发货' },
            {
              title: '快递单号',
              key: 'no',
              render: (_: unknown, r) =>
                r.express?.trackingNo ? <Typography.Text copyable>{r.express.trackingNo}</Typography.Text> : '—',
            },
            { title: '发货时间', key: 'at', render: (_: unknown, r) => r.express?.shippedAt || '—' },
          ]}
        />
      </Card>
    </PageFrame>
  );
}
