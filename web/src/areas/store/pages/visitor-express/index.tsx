import { useEffect, useState } from 'react';
import { Button, Card, Descriptions, Empty, Space, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { PageFrame } from '@/components/page-frame';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { LookupForm } from '../../lib/lookup-form';
import { useVisitorOrder } from '../../lib/use-visitor-order';
import { listRememberedOrders, type RememberedOrder } from '../../lib/visitor-orders';

/** 物流跟踪：游客实物订单的收货信息、快递公司与单号。 */
export default function VisitorExpressPage() {
  const meta = useRouteMeta();
  const { orderNo, order, setOrder, checking, lookup } = useVisitorOrder();
  const [parcels, setParcels] = useState<RememberedOrder[]>([]);
  useEffect(() => {
    void listRememberedOrders()
      .then((all) => setParcels(all.filter((o) => o.goodsType === 'physical')))
      .catch(() => undefined);
  }, [order]);
  return (
    <PageFrame title="物流跟踪" description={meta?.description}>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {orderNo && !checking && order && (
          <Card
            title={`订单 ${order.orderNo}`}
            extra={<Link to={`/inside/visitorOrderDetail?orderNo=${order.orderNo}`}>订单详情</Link>}
          >
            {order.goodsType !== 'physical' ? (
              <Empty description="该订单不是实物商品，没有物流信息" />
            ) : (
              <Descriptions column={{ xs: 1, sm: 2 }} size="small">
                <Descriptions.Item label="商品">
                  {order.goodsName} × {order.quantity}
                </Descriptions.Item>
                <Descriptions.Item label="状态">{order.statusText}</Descriptions.Item>
                <Descriptions.Item label="收货人">{order.ship?.name}</Descriptions.Item>
                <Descriptions.Item label="收货地址">{order.ship?.address}</Descriptions.Item>
                <Descriptions.Item label="快递公司">{order.express?.carrier || '待发货'}</Descriptions.Item>
                <Descriptions.Item label="快递单号">
                  {order.express?.trackingNo ? (
                    <Typography.Text copyable>{order.express.trackingNo}</Typography.Text>
                  ) : (
                    '—'
                  )}
                </Descriptions.Item>
                {order.express?.shippedAt && (
                  <Descriptions.Item label="发货时间">{order.express.shippedAt}</Descriptions.Item>
                )}
              </Descriptions>
            )}
          </Card>
        )}
        {(!orderNo || (!checking && !order)) && (
          <Card title="查询物流">
            <LookupForm
              initial={{ orderNo }}
              loading={lookup.loading}
              limited={lookup.limited}
              failed={lookup.failed}
              onSubmit={(v) => void lookup.run(v).then((found) => found && setOrder(found))}
            />
          </Card>
        )}
        <Card title="本机的实物订单">
          <Table<RememberedOrder>
            rowKey="orderNo"
            size="small"
            dataSource={parcels}
            locale={{ emptyText: '本浏览器还没有实物订单' }}
            pagination={false}
            columns={[
              { title: '订单号', dataIndex: 'orderNo' },
              { title: '商品', dataIndex: 'goodsName' },
              {
                title: '快递',
                key: 'c',
                render: (_: unknown, o) =>
                  o.express?.trackingNo ? `${o.express.carrier} ${o.express.trackingNo}` : '待发货',
              },
              {
                title: '操作',
                key: 'op',
                render: (_: unknown, o) => (
                  <Link to={`/inside/visitorExpress?orderNo=${o.orderNo}`}>
                    <Button size="small" type="link">
                      刷新物流
                    </Button>
                  </Link>
                ),
              },
            ]}
          />
        </Card>
      </Space>
    </PageFrame>
  );
}
