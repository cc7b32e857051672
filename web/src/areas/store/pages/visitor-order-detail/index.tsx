import { Alert, Button, Card, Skeleton, Space } from 'antd';
import { Link } from 'react-router';
import { PageFrame } from '@/components/page-frame';
import { OrderView } from '@/components/order-view';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { LookupForm } from '../../lib/lookup-form';
import { useVisitorOrder } from '../../lib/use-visitor-order';
import { VisitorCancelButton } from '../../lib/visitor-cancel-button';
import { VisitorComplaint } from '../../lib/visitor-complaint';

/** 游客订单详情：查单后显示订单、卡密（一键复制、导出 TXT）与发货信息。 */
export default function VisitorOrderDetailPage() {
  const meta = useRouteMeta();
  const { orderNo, order, setOrder, checking, lookup } = useVisitorOrder();
  return (
    <PageFrame
      title="游客订单详情"
      description={meta?.description}
      extra={
        <Space>
          <Link to="/inside/visitorOrder">
            <Button>本机订单</Button>
          </Link>
          <Link to="/chadan">
            <Button>订单查询</Button>
          </Link>
        </Space>
      }
    >
      {checking ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : order ? (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          {order.status === 'unpaid' && (
            <Alert
              type="warning"
              showIcon
              title="订单待支付"
              description={
                <span>
                  请在<Link to={`/pay/payonline?orderNo=${order.orderNo}`}>在线支付页</Link>
                  完成支付，支付后自动发货。不想要了可以取消订单，库存会立即释放。
                </span>
              }
              action={<VisitorCancelButton order={order} onCancelled={setOrder} />}
            />
          )}
          <OrderView order={order} />
          {(order.status === 'delivered' || order.status === 'shipped') && (
            <VisitorComplaint orderNo={order.orderNo} accessToken={order.accessToken} />
          )}
        </Space>
      ) : (
        <Card title="验证订单">
          <LookupForm
            initial={{ orderNo }}
            loading={lookup.loading}
            limited={lookup.limited}
            failed={lookup.failed}
            onSubmit={(v) => void lookup.run(v).then((found) => found && setOrder(found))}
          />
        </Card>
      )}
    </PageFrame>
  );
}
