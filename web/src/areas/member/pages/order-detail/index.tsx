import { App, Button, Result, Skeleton, Space } from 'antd';
import { Link } from 'react-router';
import { cancelOrder } from '@/api/orders';
import { PageFrame } from '@/components/page-frame';
import { OrderView } from '@/components/order-view';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { useMyOrder } from '../../lib/use-my-order';
import { complaintsKeys, ordersKeys } from '@/api/keys';
import { complaintEligibility } from '@/api/complaints';
import { unwrap } from '@/app/http/unwrap';
import { useQuery } from '@tanstack/react-query';

/** 订单详情：订单信息、支付状态、卡密/发货内容/物流。 */
export default function OrderDetailPage() {
  const meta = useRouteMeta();
  const { orderNo, valid, data: order, isLoading, isError } = useMyOrder();
  const { modal } = App.useApp();
  // The button only where a complaint may be filed (paid and delivered or shipped, within the window) or is open.
  const complaint = useQuery({
    queryKey: complaintsKeys.eligibility(orderNo),
    queryFn: () => unwrap(complaintEligibility(orderNo), { toast: false }),
    enabled: valid && (order?.status === 'delivered' || order?.status === 'shipped'),
    retry: false,
  });
  const cancelling = useAction({ call: cancelOrder, success: '订单已取消', invalidates: [ordersKeys.all] });
  if (!valid || isError)
    return (
      <Result
        status="404"
        title="订单不存在"
        subTitle="请从“我的订单”中打开订单"
        extra={
          <Link to="/inside/myOrder">
            <Button type="primary">我的订单</Button>
          </Link>
        }
      />
    );
  if (isLoading || !order) return <Skeleton active paragraph={{ rows: 8 }} />;
  const cancel = () =>
    modal.confirm({
      title: '取消订单',
      content: `确定取消订单 ${orderNo}？`,
      onOk: () => cancelling.confirm(orderNo),
    });
  return (
    <PageFrame
      title="订单详情"
      description={meta?.description}
      extra={
        <Space wrap>
          {order.status === 'unpaid' && (
            <>
              <Link to={`/pay/payonline?orderNo=${orderNo}`}>
                <Button type="primary">去支付</Button>
              </Link>
              <Button onClick={cancel}>取消订单</Button>
            </>
          )}
          {order.goodsType === 'card' && order.status === 'delivered' && (
            <Link to={`/inside/cardRepeal?orderNo=${orderNo}`}>
              <Button>申请撤销卡密</Button>
            </Link>
          )}
          <Link to={`/service?orderNo=${orderNo}`}>
            <Button>咨询客服</Button>
          </Link>
          {complaint.data?.complaintId ? (
            <Link to={`/inside/orderComplain?id=${complaint.data.complaintId}`}>
              <Button>查看投诉</Button>
            </Link>
          ) : (
            complaint.data?.eligible && (
              <Link to={`/inside/orderComplain?orderNo=${orderNo}`}>
                <Button>投诉订单</Button>
              </Link>
            )
          )}
        </Space>
      }
    >
      <OrderView order={order} />
    </PageFrame>
  );
}
