import { useEffect, useState } from 'react';
import { App, Button, Card, Popconfirm, Space, Table } from 'antd';
import { Link } from 'react-router';
import { GoodsTypeLabels, type GoodsType } from '@kapu/contract';
import { formatYuan } from '@/app/format';
import { useLayoutStore } from '@/app/stores/layout-store';
import { PageFrame } from '@/components/page-frame';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { visitorOrderStatuses } from '@/api/orders';
import { unwrap } from '@/app/http/unwrap';
import {
  forgetOrder,
  listRememberedOrders,
  refreshRememberedOrders,
  type RememberedOrder,
} from '../../lib/visitor-orders';

/** 游客订单：本浏览器下过或查过的订单（保存在浏览器本地数据库中）。 */
export default function VisitorOrderPage() {
  const meta = useRouteMeta();
  const { message } = App.useApp();
  const [orders, setOrders] = useState<RememberedOrder[] | null>(null);
  const isMobile = useLayoutStore((s) => s.isMobile);
  useEffect(() => {
    let alive = true;
    // Show what this browser remembers at once, then the statuses read afresh.
    void listRememberedOrders()
      .then((saved) => alive && setOrders(saved))
      .then(() => refreshRememberedOrders(async (list) => (await unwrap(visitorOrderStatuses(list))).list))
      .then((fresh) => alive && setOrders(fresh))
      .catch(() => alive && setOrders((prev) => prev ?? []));
    return () => {
      alive = false;
    };
  }, []);
  return (
    <PageFrame
      title="游客订单"
      description={meta?.description}
      extra={
        <Link to="/chadan">
          <Button type="primary">查询其他订单</Button>
        </Link>
      }
    >
      <Card>
        <Table<RememberedOrder>
          rowKey="orderNo"
          loading={orders === null}
          dataSource={orders ?? []}
          locale={{ emptyText: '本浏览器还没有下过或查过订单' }}
          scroll={isMobile ? undefined : { x: 'max-content' }}
          size={isMobile ? 'small' : 'middle'}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          columns={
            isMobile
              ? [
                  // A phone shows goods, amount and status without sideways scrolling; the order opens on tap.
                  {
                    title: '商品',
                    key: 'goods',
                    render: (_: unknown, o) => (
                      <Link to={`/inside/visitorOrderDetail?orderNo=${o.orderNo}`}>
                        <div>
                          {o.goodsName}
                          {o.quantity > 1 ? ` × ${o.quantity}` : ''}
                        </div>
                        <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.45)' }}>{o.createdAt}</div>
                      </Link>
                    ),
                  },
                  {
                    title: '金额 / 状态',
                    key: 'state',
                    align: 'right',
                    render: (_: unknown, o) => (
                      <div>
                        <div>{formatYuan(o.amount)}</div>
                        <div>{o.statusText}</div>
                      </div>
                    ),
                  },
                ]
              : [
                  {
                    title: '订单号',
                    dataIndex: 'orderNo',
                    render: (v: string) => <Link to={`/inside/visitorOrderDetail?orderNo=${v}`}>{v}</Link>,
                  },
                  { title: '商品', dataIndex: 'goodsName' },
                  {
                    title: '类型',
                    dataIndex: 'goodsType',
                    render: (v: string) => GoodsTypeLabels[v as GoodsType] ?? v,
                  },
                  { title: '数量', dataIndex: 'quantity' },
                  { title: '金额', dataIndex: 'amount', render: (v: number) => formatYuan(v) },
                  { title: '状态', dataIndex: 'statusText' },
                  { title: '下单时间', dataIndex: 'createdAt' },
                  {
                    title: '操作',
                    key: 'op',
                    render: (_: unknown, o) => (
                      <Space size={4}>
                        <Link to={`/inside/visitorOrderDetail?orderNo=${o.orderNo}`}>查看</Link>
                        {o.status === 'unpaid' && <Link to={`/pay/payonline?orderNo=${o.orderNo}`}>去支付</Link>}
                        {o.goodsType === 'physical' && (
                          <Link to={`/inside/visitorExpress?orderNo=${o.orderNo}`}>物流</Link>
                        )}
                        <Popconfirm
                          title="从本机记录中移除？"
                          description="只删除本浏览器的记录，订单本身不受影响"
                          onConfirm={() =>
                            void forgetOrder(o.orderNo).then((next) => {
                              setOrders(next);
                              message.success('已移除');
                            })
                          }
                        >
                          <Button type="link" size="small" danger>
                            移除
                          </Button>
                        </Popconfirm>
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
