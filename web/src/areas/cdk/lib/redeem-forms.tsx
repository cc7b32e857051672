import { useState } from 'react';
import { Alert, Button, Form, Input, Result, Space } from 'antd';
import { Link, useLocation } from 'react-router';
import type { CdkBalanceRedeemed, CdkPreview, OrderDetail } from '@kapu/contract';
import { redeemCdkBalance, redeemCdkGoods } from '@/api/cdk';
import { accountKeys, cdkKeys, ordersKeys } from '@/api/keys';
import { formatYuan } from '@/app/format';
import { OrderView } from '@/components/order-view';
import { useAction } from '@/hooks/use-action';
import { useIsMember } from '@/hooks/use-catalog';
import { RechargeInput } from '@/areas/store/lib/recharge-input';
import { rememberOrder } from '@/areas/store/lib/visitor-orders';
import { ShipFields } from '@/areas/store/lib/ship-fields';

/** Where a code is typed: separators, spaces and case are forgiven (the server normalises it). */
export function CodeField() {
  return (
    <Form.Item
      label="兑换码"
      name="code"
      rules={[{ required: true, message: '请输入兑换码' }]}
      extra="24 位字母和数字，分隔符“-”和空格可省略，不区分大小写"
    >
      <Input placeholder="XXXX-XXXX-XXXX-XXXX-XXXX-XXXX" maxLength={64} autoComplete="off" />
    </Form.Item>
  );
}

/** The login page, coming back here afterwards (the short link's fragment too). */
export function LoginToRedeem({ text }: { text: string }) {
  const { pathname, search, hash } = useLocation();
  return (
    <Alert
      type="info"
      showIcon
      title={text}
      action={
        <Link to={`/login?redirect=${encodeURIComponent(pathname + search + hash)}`}>
          <Button type="primary" size="small">
            登录
          </Button>
        </Link>
      }
    />
  );
}

interface GoodsValues {
  contact?: string;
  queryPassword?: string;
  recharge?: Record<string, string>;
  shipName?: string;
  shipPhone?: string;
  shipAddress?: string;
}

/**
 * Redeems a goods code: a member's order goes to their list; a visitor leaves a contact and a query
 * password (the order is also kept in this browser's 本机订单). The delivered order is shown at once.
 */
export function GoodsRedeem({ code, preview }: { code: string; preview: CdkPreview }) {
  const member = useIsMember();
  const [order, setOrder] = useState<OrderDetail>();
  const redeem = useAction({
    call: (v: GoodsValues) =>
      redeemCdkGoods({
        code,
        contact: v.contact,
        queryPassword: v.queryPassword,
        rechargeInputs: preview.rechargeTemplate.length ? JSON.stringify(v.recharge ?? {}) : undefined,
        shipName: v.shipName,
        shipPhone: v.shipPhone,
        shipAddress: v.shipAddress,
      }),
    success: '兑换成功',
    // Not the code's preview: the page keeps showing what was redeemed.
    invalidates: [cdkKeys.mineAll, ordersKeys.all],
    onSuccess: async (o, v) => {
      if (!member) await rememberOrder(o, { queryPassword: v.queryPassword, contact: v.contact });
      setOrder(o);
    },
  });
  if (order)
    return (
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Result
          status="success"
          title="兑换成功"
          subTitle={
            member ? (
              <>
                订单已放入<Link to="/inside/myOrder">我的订单</Link>
              </>
            ) : (
              <>请记下订单号，凭订单号和查询密码可在“订单查询”中再次查看</>
            )
          }
        />
        <OrderView order={order} />
      </Space>
    );
  if (preview.status !== 'active') return null;
  if (preview.loginRequired && !member) return <LoginToRedeem text="该兑换码可供多位会员各兑换一次，请登录后兑换" />;
  return (
    <Form<GoodsValues> layout="vertical" onFinish={redeem.run} style={{ maxWidth: 480 }}>
      {preview.rechargeTemplate.map((f) => (
        <Form.Item
          key={f.key}
          label={f.label}
          name={['recharge', f.key]}
          rules={f.required ? [{ required: true, message: `请填写${f.label}` }] : []}
        >
          <RechargeInput field={f} member={member} />
        </Form.Item>
      ))}
      {!member && (
        <>
          <Form.Item
            label="联系方式"
            name="contact"
            rules={[{ required: true, message: '请填写联系方式' }]}
            extra="手机号、邮箱或 QQ，查单时可用"
          >
            <Input maxLength={100} placeholder="用于查询订单" />
          </Form.Item>
          <Form.Item
            label="查询密码"
            name="queryPassword"
            rules={[
              { required: true, message: '请设置查询密码' },
              { min: 6, max: 32, message: '查询密码须为 6-32 位' },
            ]}
            extra="凭订单号和查询密码在“订单查询”中查看订单和卡密"
          >
            <Input.Password maxLength={32} placeholder="6-32 位" />
          </Form.Item>
        </>
      )}
      {preview.needsAddress && <ShipFields />}
      <Button type="primary" htmlType="submit" loading={redeem.isPending} block>
        立即兑换
      </Button>
    </Form>
  );
}

/** Redeems a balance code into the signed-in member's balance. */
export function BalanceRedeem({ code, active = true }: { code: string; active?: boolean }) {
  const member = useIsMember();
  const [done, setDone] = useState<CdkBalanceRedeemed>();
  const redeem = useAction({
    call: () => redeemCdkBalance(code),
    success: (r) => `已充值 ${formatYuan(r.amount)}`,
    invalidates: [accountKeys.account, cdkKeys.mineAll],
    onSuccess: (r) => setDone(r),
  });
  if (done) return <BalanceRedeemed result={done} />;
  if (!active) return null;
  if (!member) return <LoginToRedeem text="余额兑换码需要登录后兑换到你的账户" />;
  return (
    <Button type="primary" loading={redeem.isPending} onClick={() => redeem.run()}>
      兑换到我的余额
    </Button>
  );
}

export function BalanceRedeemed({ result }: { result: CdkBalanceRedeemed }) {
  return (
    <Result
      status="success"
      title={`兑换成功，已充值 ${formatYuan(result.amount)}`}
      subTitle={`当前余额 ${formatYuan(result.balance)}`}
      extra={
        <Link to="/inside/accountmoney">
          <Button>查看资金明细</Button>
        </Link>
      }
    />
  );
}
