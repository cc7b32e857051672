import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Input, Result, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { Codes, type OrderDetail } from '@kapu/contract';
import { payByBalance } from '@/api/orders';
import { formatYuan } from '@/app/format';
import { BusinessError } from '@/app/http/envelope';
import { OrderView } from '@/components/order-view';
import { formatCountdown, useDeadline } from '@/hooks/use-deadline';
import { useSalePwdRequired } from '@/hooks/use-sale-pwd';
import { useAction } from '@/hooks/use-action';
import { accountKeys, catalogKeys } from '@/api/keys';

interface Props {
  order: OrderDetail;
  member: boolean;
  balance?: number;
  /** After a balance payment (its toast and refreshes done): show the paid order. */
  onPaid: (order: OrderDetail) => void;
}

/** After "立即购买": the order with its number, amount and deadline; members pay by balance here. */
export function OrderResult({ order, member, balance, onPaid }: Props) {
  const left = useDeadline(order.status === 'unpaid' ? order.expiresAt : null);
  const [salePwd, setSalePwd] = useState('');
  // The member protects balance payments with the sale password (or the server just asked for it).
  const guard = useSalePwdRequired('balancePay', member);
  const [askedForPwd, setNeedPwd] = useState(false);
  const needPwd = guard.required || askedForPwd;
  const [shortOfMoney, setShortOfMoney] = useState(false);
  const paying = useAction({
    call: (pwd: string | undefined) => payByBalance(order.orderNo, pwd),
    success: '支付成功',
    // The balance went down, the goods' stock and sales count changed.
    invalidates: [accountKeys.account, catalogKeys.all],
    onSuccess: (paid) => onPaid(paid),
    onError: (err) => {
      if (err instanceof BusinessError) {
        if (err.code === Codes.BALANCE_INSUFFICIENT.code) setShortOfMoney(true);
        if (err.code === Codes.SALE_PWD_REQUIRED.code || err.code === Codes.SALE_PWD_WRONG.code) setNeedPwd(true);
      }
    },
  });
  const detailPath = member
    ? `/inside/showordermess?orderNo=${order.orderNo}`
    : `/inside/visitorOrderDetail?orderNo=${order.orderNo}`;

  if (order.status !== 'unpaid') {
    return (
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Result
          status="success"
          title={order.status === 'delivered' ? '购买成功，已发货' : '支付成功'}
          subTitle={`订单号 ${order.orderNo}${member ? '' : '，请牢记订单号和查询密码，可在“订单查询”中随时查看'}`}
          extra={[
            <Link key="d" to={detailPath}>
              <Button type="primary">查看订单详情</Button>
            </Link>,
            <Link key="c" to="/inside/goodsdir">
              <Button>继续购物</Button>
            </Link>,
          ]}
        />
        <OrderView order={order} />
      </Space>
    );
  }

  const expired = left === 0;
  const pay = () => paying.run(needPwd ? salePwd : undefined);

  return (
    <Card title="订单已创建，请完成支付" className="order-result">
      <Descriptions column={{ xs: 1, sm: 2 }} size="small">
        <Descriptions.Item label="订单号">
          <Typography.Text copyable strong>
            {order.orderNo}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="商品">
          {order.goodsName} × {order.quantity}
        </Descriptions.Item>
        <Descriptions.Item label="应付金额">
          <Typography.Text type="danger" strong style={{ fontSize: 20 }}>
            {formatYuan(order.amount)}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="支付剩余时间">
          {expired ? (
            <Typography.Text type="secondary">订单已超时关闭，请重新下单</Typography.Text>
          ) : (
            <Typography.Text strong>{formatCountdown(left)}</Typography.Text>
          )}
        </Descriptions.Item>
      </Descriptions>
      {member ? (
        <Space orientation="vertical" style={{ width: '100%', marginTop: 16 }}>
          <Typography.Text>
            余额支付：当前余额 <strong>{balance === undefined ? '—' : formatYuan(balance)}</strong>
          </Typography.Text>
          {needPwd && (
            <Input.Password
              style={{ maxWidth: 260 }}
              placeholder="请输入 6 位交易密码"
              maxLength={6}
              value={salePwd}
              onChange={(e) => setSalePwd(e.target.value)}
              aria-label="交易密码"
            />
          )}
          {shortOfMoney && (
            <Alert
              type="warning"
              showIcon
              title="余额不足"
              description={
                <span>
                  请先<Link to="/pay/recharge">充值余额</Link>，或在
                  <Link to={`/pay/payonline?orderNo=${order.orderNo}`}>在线支付页</Link>选择其他支付方式。
                </span>
              }
            />
          )}
          <Space wrap>
            <Button
              type="primary"
              size="large"
              loading={paying.isPending}
              disabled={expired || (needPwd && salePwd.length !== 6)}
              onClick={() => void pay()}
            >
              余额支付 {formatYuan(order.amount)}
            </Button>
            <Link to={`/pay/payonline?orderNo=${order.orderNo}`}>
              <Button size="large" disabled={expired}>
                在线支付
              </Button>
            </Link>
            <Link to={detailPath}>
              <Button type="link">稍后支付，查看订单</Button>
            </Link>
          </Space>
        </Space>
      ) : (
        <Space orientation="vertical" style={{ width: '100%', marginTop: 16 }}>
          <Alert
            type="info"
            showIcon
            title="请在线支付"
            description="游客订单在“在线支付”页选择支付方式付款，支付完成后自动发货。订单号和查询密码已保存在本浏览器的“本机订单”中，也可在“订单查询”凭订单号和查询密码查看。"
          />
          <Space wrap>
            <Link to={`/pay/payonline?orderNo=${order.orderNo}`}>
              <Button type="primary" size="large" disabled={expired}>
                去支付 {formatYuan(order.amount)}
              </Button>
            </Link>
            <Link to="/inside/visitorOrder">
              <Button size="large">本机订单</Button>
            </Link>
          </Space>
        </Space>
      )}
    </Card>
  );
}
