import { Alert, Button, Form, Input, Radio } from 'antd';
import type { LookupValues } from './use-lookup';

const ORDER_NO = /^\d{17,40}$/;

/** Order number plus the query password or the contact — never the number alone. */
export function LookupForm({
  initial,
  loading,
  limited,
  failed,
  onSubmit,
}: {
  initial?: Partial<LookupValues>;
  loading: boolean;
  limited: string | null;
  failed: string | null;
  onSubmit: (v: LookupValues) => void;
}) {
  const [form] = Form.useForm<LookupValues>();
  const by = Form.useWatch('by', form) ?? initial?.by ?? 'password';
  return (
    <Form<LookupValues>
      form={form}
      layout="vertical"
      initialValues={{ by: 'password', ...initial }}
      onFinish={onSubmit}
      style={{ maxWidth: 480 }}
    >
      <Form.Item
        label="订单号"
        name="orderNo"
        rules={[
          { required: true, message: '请输入订单号' },
          { pattern: ORDER_NO, message: '订单号格式不正确' },
        ]}
      >
        <Input placeholder="下单后显示的订单号" maxLength={40} inputMode="numeric" />
      </Form.Item>
      <Form.Item label="验证方式" name="by">
        <Radio.Group
          options={[
            { value: 'password', label: '查询密码' },
            { value: 'contact', label: '联系方式' },
          ]}
        />
      </Form.Item>
      <Form.Item
        label={by === 'password' ? '查询密码' : '联系方式'}
        name="secret"
        rules={[
          { required: true, message: by === 'password' ? '请输入查询密码' : '请输入下单时填写的联系方式' },
          { max: 100 },
        ]}
        extra="为保护您的卡密，必须同时提供订单号和查询密码（或下单时的联系方式）"
      >
        {by === 'password' ? (
          <Input.Password placeholder="下单时设置的查询密码" maxLength={32} />
        ) : (
          <Input placeholder="手机号、邮箱或 QQ" maxLength={100} />
        )}
      </Form.Item>
      {limited && <Alert type="warning" showIcon title={limited} style={{ marginBottom: 16 }} />}
      {failed && !limited && <Alert type="error" showIcon title={failed} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" loading={loading} block size="large">
        查询订单
      </Button>
    </Form>
  );
}
