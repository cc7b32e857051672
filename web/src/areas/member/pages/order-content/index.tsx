import { Alert, Button, Card, Empty, Result, Skeleton, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { PageFrame } from '@/components/page-frame';
import { DeliveredCards } from '@/components/order-view';
import { useMyOrder } from '../../lib/use-my-order';

/** 发货内容：一笔订单交付的卡密（一键复制、导出 TXT）、发货文字与快递信息。 */
export default function OrderContentPage() {
  const { orderNo, valid, data: order, isLoading, isError } = useMyOrder();
  if (!valid || isError)
    return (
      <Result
        status="404"
        title="订单不存在"
        extra={
          <Link to="/inside/myOrder">
            <Button type="primary">我的订单</Button>
          </Link>
        }
      />
    );
  if (isLoading || !order) return <Skeleton active paragraph={{ rows: 6 }} />;
  const nothing = order.cards.length === 0 && !order.deliveryText && !order.express?.trackingNo;
  return (
    <PageFrame
      title="发货内容"
      description={`${order.goodsName} × ${order.quantity} · 订单号 ${orderNo}`}
      extra={<Link to={`/inside/showordermess?orderNo=${orderNo}`}>订单详情</Link>}
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {order.status === 'unpaid' && (
          <Alert
            type="warning"
            showIcon
            title="订单尚未支付"
            description={<Link to={`/pay/payonline?orderNo=${orderNo}`}>去支付</Link>}
          />
        )}
        {order.cards.length > 0 && <DeliveredCards orderNo={orderNo} cards={order.cards} />}
        {order.deliveryText && (
          <Card size="small" title="发货内容">
            <Typography.Paragraph copyable style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
              {order.deliveryText}
            </Typography.Paragraph>
          </Card>
        )}
        {order.express?.trackingNo && (
          <Card size="small" title="快递信息">
            {order.express.carrier} · <Typography.Text copyable>{order.express.trackingNo}</Typography.Text> · 发货于{' '}
            {order.express.shippedAt}
          </Card>
        )}
        {nothing && (
          <Card>
            <Empty
              description={
                order.status === 'paid' || order.status === 'pending'
                  ? '商家正在处理，完成后这里会显示发货内容'
                  : '该订单没有发货内容'
              }
            />
          </Card>
        )}
      </Space>
    </PageFrame>
  );
}
