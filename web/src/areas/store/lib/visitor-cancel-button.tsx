import type { OrderDetail } from '@kapu/contract';
import { useState } from 'react';
import { Button, Form, Input, Modal } from 'antd';
import { cancelVisitorOrder } from '@/api/orders';
import { findRememberedOrder, rememberOrder } from './visitor-orders';
import { useAction } from '@/hooks/use-action';

/**
 * 取消订单 for a visitor's unpaid order: asks for the order's query password (filled in when this
 * browser remembers it) and releases the stock the order holds.
 */
export function VisitorCancelButton({
  order,
  onCancelled,
}: {
  order: OrderDetail;
  onCancelled: (order: OrderDetail) => void;
}) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ queryPassword: string }>();

  const start = async () => {
    const saved = await findRememberedOrder(order.orderNo).catch(() => undefined);
    form.setFieldsValue({ queryPassword: saved?.queryPassword ?? '' });
    setOpen(true);
  };
  const cancelling = useAction({
    call: (queryPassword: string) => cancelVisitorOrder(order.orderNo, queryPassword),
    success: '订单已取消',
    onSuccess: async (cancelled, queryPassword) => {
      await rememberOrder(cancelled, { queryPassword }).catch(() => undefined);
      setOpen(false);
      onCancelled(cancelled);
    },
  });
  const confirm = async () => {
    const { queryPassword } = await form.validateFields();
    await cancelling.act(queryPassword);
  };
  return (
    <>
      <Button danger onClick={() => void start()}>
        取消订单
      </Button>
      <Modal
        title="取消订单"
        open={open}
        okText="确认取消"
        cancelText="暂不取消"
        okButtonProps={{ danger: true, loading: cancelling.isPending }}
        onOk={() => void confirm()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <p>取消后订单关闭，占用的库存立即释放，不能恢复。订单号：{order.orderNo}</p>
        <Form form={form} layout="vertical">
          <Form.Item
            label="查询密码"
            name="queryPassword"
            rules={[{ required: true, message: '请输入下单时设置的查询密码' }]}
          >
            <Input.Password maxLength={32} autoComplete="off" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
