import { Alert, Form, Input, Radio, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { formatYuan } from '@/app/format';
import { useSalePwdRequired } from '@/hooks/use-sale-pwd';

export type PayChoice = 'balance' | 'online';

interface Props {
  balance?: number;
  /** Fen the order will cost at the chosen quantity. */
  total: number;
  choice?: PayChoice;
}

/**
 * How a member pays, chosen while ordering: from the balance at once (the order is paid and,
 * for card keys, delivered in the same step), or online after the order is created.
 */
export function PayChoiceField({ balance, total, choice }: Props) {
  const salePwd = useSalePwdRequired('balancePay');
  const enough = balance !== undefined && balance >= total;
  return (
    <>
      <Form.Item label="支付方式" name="payBy">
        <Radio.Group>
          <Space orientation="vertical">
            <Radio value="balance">
              余额支付
              <Typography.Text type={enough ? 'secondary' : 'danger'} style={{ marginLeft: 8 }}>
                当前余额 {balance === undefined ? '—' : formatYuan(balance)}
                {balance !== undefined && !enough && '，余额不足'}
              </Typography.Text>
            </Radio>
            <Radio value="online">在线支付（下单后选择支付宝、微信等）</Radio>
          </Space>
        </Radio.Group>
      </Form.Item>
      {choice === 'balance' && salePwd.required && (
        <Form.Item
          label="交易密码"
          name="salePwd"
          rules={[
            { required: true, message: '请输入交易密码' },
            { pattern: /^\d{6}$/, message: '交易密码为 6 位数字' },
          ]}
          extra={
            salePwd.notSet ? (
              <Link to="/inside/inter/myaccount">尚未设置交易密码，去设置</Link>
            ) : (
              '您已开启交易密码保护余额支付'
            )
          }
        >
          <Input.Password
            maxLength={6}
            inputMode="numeric"
            autoComplete="off"
            style={{ maxWidth: 200 }}
            aria-label="交易密码"
          />
        </Form.Item>
      )}
    </>
  );
}

/** After a refusal for too little balance: the ways out. */
export function BalanceShort() {
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title="余额不足"
      description={
        <span>
          请先<Link to="/pay/recharge">充值余额</Link>，或选择“在线支付”。
        </span>
      }
    />
  );
}
