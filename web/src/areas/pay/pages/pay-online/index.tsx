import type { OrderDetail, PayCreated } from '@kapu/contract';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Descriptions, Form, Input, Result, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { getMyOrder, lookupVisitorOrder } from '@/api/orders';
import { createPayment, getPayChannels } from '@/api/pay';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { useAction } from '@/hooks/use-action';
import { readUserToken } from '@/app/storage/local';
import { PageFrame } from '@/components/page-frame';
import { formatCountdown, useDeadline } from '@/hooks/use-deadline';
import { useStoredSession } from '@/hooks/use-stored-session';
import { listRememberedOrders } from '@/areas/store/lib/visitor-orders';
import { useSalePwdRequired } from '@/hooks/use-sale-pwd';
import { ChannelPicker } from '../../lib/channel-picker';
import { HandoffPanel } from '../../lib/handoff-panel';
import { readPayToken, resultPathOf, savePayToken } from '../../lib/handoff-store';
import { channelFee } from '../../lib/money';
import { usePayClient } from '../../lib/use-pay-client';
import '../../lib/pay.css';
import { payKeys } from '@/api/keys';

const ORDER_NO = /^\d{17,40}$/;

/** The order to pay: the member's own, or a visitor's by its remembered or typed query password. */
function useOrderToPay(orderNo: string, member: boolean) {
  const [queryPassword, setQueryPassword] = useState<string | undefined>();
  const query = useQuery({
    queryKey: payKeys.order(orderNo, member, queryPassword),
    enabled: ORDER_NO.test(orderNo),
    retry: false,
    queryFn: async (): Promise<{ order: OrderDetail | null; visitor: boolean; password?: string }> => {
      if (member) {
        const own = await getMyOrder(orderNo);
        if (own.code === 1000) return { order: own.data, visitor: false };
      }
      let password = queryPassword;
      if (!password) password = (await listRememberedOrders()).find((o) => o.orderNo === orderNo)?.queryPassword;
      if (!password) return { order: null, visitor: true };
      const found = await lookupVisitorOrder({ orderNo, queryPassword: password });
      if (found.code !== 1000) throw new Error(found.msg || '订单号与查询密码不匹配');
      return { order: found.data, visitor: true, password };
    },
  });
  return { ...query, setQueryPassword };
}

/** 在线支付：订单概要，选择支付方式后按网关要求跳转、提交表单或扫码（倒计时并每 3 秒查询结果）。 */
export default function PayOnlinePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const orderNo = (params.get('orderNo') ?? '').trim();
  const member = useStoredSession(readUserToken) !== null;
  const client = usePayClient();
  const found = useOrderToPay(orderNo, member);
  const order = found.data?.order ?? null;
  const channels = useQuery({
    queryKey: payKeys.orderChannels(client, member),
    queryFn: () => unwrap(getPayChannels(client, 'order')),
    enabled: Boolean(order),
  });
  const salePwd = useSalePwdRequired('balancePay', member);
  const [accountId, setAccountId] = useState<number | undefined>();
  const [pwd, setPwd] = useState('');
  const [created, setCreated] = useState<PayCreated | null>(null);
  const left = useDeadline(order?.status === 'unpaid' ? order.expiresAt : null);
  const list = useMemo(() => channels.data ?? [], [channels.data]);
  const channel = list.find((c) => c.id === accountId);
  const isBalance = channel?.gateway === 'balance';

  useEffect(() => {
    if (accountId === undefined && list.length) setAccountId(list[0].id);
  }, [list, accountId]);

  const paying = useAction({
    call: createPayment,
    onSuccess: (r, input) => {
      if (input.orderNo) savePayToken(input.orderNo, r.payToken);
      setCreated(r);
    },
  });
  const pay = () => {
    if (!order || !channel) return;
    const token = found.data?.visitor ? readPayToken(order.orderNo) : null;
    paying.run({
      accountId: channel.id,
      orderNo: order.orderNo,
      client,
      payToken: token ?? undefined,
      queryPassword: token ? undefined : found.data?.password,
      salePwd: isBalance && salePwd.required ? pwd : undefined,
    });
  };
  const toResult = () =>
    navigate(
      resultPathOf(
        { purpose: 'order', refNo: orderNo, paymentNo: created?.paymentNo ?? '' },
        member && !found.data?.visitor,
      ),
      { replace: true },
    );

  const frame = (body: ReactNode) => (
    <PageFrame title="在线支付" description="选择支付方式，完成订单的付款。">
      <div className="pay-page">{body}</div>
    </PageFrame>
  );

  if (!ORDER_NO.test(orderNo)) {
    return frame(
      <Result
        status="warning"
        title="缺少订单号"
        subTitle="请从订单详情页点击“去支付”进入本页"
        extra={
          <Link to={member ? '/inside/myOrder' : '/chadan'}>
            <Button type="primary">{member ? '我的订单' : '查询订单'}</Button>
          </Link>
        }
      />,
    );
  }
  if (found.isLoading) return frame(<Card loading />);
  if (found.data && !order) {
    return frame(
      <Card title="验证订单">
        <Typography.Paragraph>订单 {orderNo} 是游客订单，请输入下单时设置的查询密码后支付。</Typography.Paragraph>
        <Form layout="vertical" onFinish={(v: { password: string }) => found.setQueryPassword(v.password)}>
          <Form.Item name="password" label="查询密码" rules={[{ required: true, message: '请输入查询密码' }]}>
            <Input.Password maxLength={32} autoComplete="off" />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            确定
          </Button>
        </Form>
      </Card>,
    );
  }
  if (found.isError || !order) {
    return frame(
      <Result
        status="error"
        title="找不到这个订单"
        subTitle={found.error instanceof Error ? found.error.message : '请核对订单号'}
        extra={[
          <Button
            key="retry"
            onClick={() => {
              found.setQueryPassword(undefined);
              void found.refetch();
            }}
          >
            重试
          </Button>,
          <Link key="lookup" to="/chadan">
            <Button type="primary">查询订单</Button>
          </Link>,
        ]}
      />,
    );
  }
  const detailPath = resultPathOf({ purpose: 'order', refNo: order.orderNo, paymentNo: '' }, !found.data?.visitor);
  if (order.status !== 'unpaid') {
    return frame(
      <Result
        status={order.status === 'expired' || order.status === 'cancelled' ? 'warning' : 'success'}
        title={
          order.status === 'expired' || order.status === 'cancelled'
            ? `订单${order.statusText}，不能再支付`
            : `订单${order.statusText}`
        }
        subTitle={`订单号 ${order.orderNo}`}
        extra={
          <Link to={detailPath}>
            <Button type="primary">查看订单</Button>
          </Link>
        }
      />,
    );
  }
  const fee = channel ? channelFee(order.amount, channel.feeRate) : 0;
  return frame(
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card title="订单信息" size="small">
        <Descriptions column={{ xs: 1, sm: 2 }} size="small">
          <Descriptions.Item label="订单号">{order.orderNo}</Descriptions.Item>
          <Descriptions.Item label="商品">
            {order.goodsName} × {order.quantity}
          </Descriptions.Item>
          <Descriptions.Item label="应付金额">
            <Typography.Text strong type="danger">
              {formatYuan(order.amount)}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="剩余支付时间">
            <Typography.Text type={left < 60_000 ? 'danger' : undefined}>
              {left > 0 ? formatCountdown(left) : '已超时'}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {created ? (
        <HandoffPanel
          created={created}
          channelName={channel?.name ?? ''}
          onPaid={toResult}
          onBack={() => setCreated(null)}
        />
      ) : (
        <Card title="选择支付方式" loading={channels.isLoading}>
          <ChannelPicker channels={list} value={accountId} onChange={setAccountId} baseAmount={order.amount} />
          {isBalance && salePwd.required && (
            <Input.Password
              style={{ marginTop: 16, maxWidth: 240 }}
              placeholder="6 位交易密码"
              maxLength={6}
              inputMode="numeric"
              value={pwd}
              onChange={(e) => setPwd(e.target.value)}
              aria-label="交易密码"
            />
          )}
          {left <= 0 && (
            <Alert style={{ marginTop: 16 }} type="warning" showIcon title="订单已超过支付时间，请重新下单" />
          )}
          <div style={{ marginTop: 16 }}>
            <Button
              type="primary"
              size="large"
              block
              loading={paying.isPending}
              disabled={!channel || left <= 0 || (isBalance && salePwd.required && !/^\d{6}$/.test(pwd))}
              onClick={() => void pay()}
            >
              立即支付 {formatYuan(order.amount + fee)}
            </Button>
            {fee > 0 && (
              <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
                含 {channel?.name} 手续费 {formatYuan(fee)}
              </Typography.Paragraph>
            )}
          </div>
        </Card>
      )}
    </Space>,
  );
}
