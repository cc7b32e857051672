import { useState } from 'react';
import { App, Button, Card, Form, Input, InputNumber, Radio, Space } from 'antd';
import { type AdminOrderDetail, memberText } from '@kapu/contract';
import { adminRefundOrder } from '@/api/orders';
import { formatYuan } from '@/app/format';
import type { Envelope } from '@/app/http/envelope';

export const REFUNDABLE = new Set(['paid', 'pending', 'shipped', 'delivered', 'refund_due']);
/** The order stands after a partial refund only in these states (as on the server). */
const PARTLY_REFUNDABLE = new Set(['pending', 'shipped', 'delivered']);

interface RefundForm {
  mode: 'full' | 'part';
  amount?: number;
  reason: string;
}

function destination(order: AdminOrderDetail, partial: boolean): string {
  if (order.member) return `退回会员 ${memberText(order.member)}的余额`;
  return partial ? '游客订单，通过原支付渠道原路退回（渠道须支持退款）' : '游客订单，原路退回或标记为待退款';
}

/** 退款：全额或部分金额；资金离开店铺前再确认一次金额、去向与原因。 */
export function RefundCard({
  order: o,
  busy,
  act,
}: {
  order: AdminOrderDetail;
  busy: boolean;
  act: (send: () => Promise<Envelope<unknown>>, done: string) => Promise<void>;
}) {
  const { modal } = App.useApp();
  const [form] = Form.useForm<RefundForm>();
  const remaining = o.amount - o.refundAmount;
  const canPart = PARTLY_REFUNDABLE.has(o.status) && remaining > 1;
  const [mode, setMode] = useState<RefundForm['mode']>('full');
  const amountYuan = Form.useWatch('amount', form);
  const partial = mode === 'part' && canPart;
  const fen = partial && typeof amountYuan === 'number' ? Math.round(amountYuan * 100) : remaining;

  const confirm = (v: RefundForm) => {
    const amount = partial ? fen : remaining;
    modal.confirm({
      title: partial ? '确认部分退款' : '确认退款',
      okText: '确认退款',
      okButtonProps: { danger: true },
      content: (
        <div>
          <p>订单 {o.orderNo}</p>
          <p>
            退款金额：<b>{formatYuan(amount)}</b>
            {partial ? `（可退 ${formatYuan(remaining)}，退后订单保持原状态）` : ''}
          </p>
          <p>退款去向：{destination(o, partial)}</p>
          <p>退款原因：{v.reason}</p>
          <p>
            {!partial && o.goodsType === 'card' && o.status === 'delivered' ? '已发放的卡密将作废。' : ''}
            退款后不能撤销。
          </p>
        </div>
      ),
      onOk: () =>
        act(
          () => adminRefundOrder(o.orderNo, v.reason, partial ? (fen / 100).toFixed(2) : undefined),
          partial ? `已退款 ${formatYuan(fen)}` : '已退款',
        ),
    });
  };

  return (
    <Card size="small" title="退款">
      <Form form={form} layout="vertical" initialValues={{ mode: 'full' }} onFinish={confirm}>
        {canPart && (
          <Form.Item name="mode" label="退款方式">
            <Radio.Group onChange={(e) => setMode(e.target.value as RefundForm['mode'])}>
              <Radio value="full">全额退款（{formatYuan(remaining)}）</Radio>
              <Radio value="part">部分退款</Radio>
            </Radio.Group>
          </Form.Item>
        )}
        {partial && (
          <Form.Item
            name="amount"
            label="退款金额（元）"
            extra={`最多 ${formatYuan(remaining - 1)}；退全部请选全额退款`}
            rules={[
              { required: true, message: '请输入退款金额' },
              {
                type: 'number',
                min: 0.01,
                max: (remaining - 1) / 100,
                message: `金额须在 0.01 到 ${((remaining - 1) / 100).toFixed(2)} 元之间`,
              },
            ]}
          >
            <InputNumber
              min={0.01}
              max={(remaining - 1) / 100}
              precision={2}
              step={1}
              prefix="¥"
              style={{ width: 200 }}
              placeholder="如 5.00"
            />
          </Form.Item>
        )}
        <Space align="start" wrap>
          <Form.Item
            name="reason"
            rules={[
              { required: true, message: '请填写退款原因' },
              { max: 200 },
              { pattern: /^[^<>]*$/, message: '不能包含 < 或 >' },
            ]}
          >
            <Input placeholder="退款原因" style={{ width: 300 }} />
          </Form.Item>
          <Button danger htmlType="submit" loading={busy}>
            {partial && typeof amountYuan !== 'number' ? '部分退款' : `退款 ${formatYuan(fen)}`}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
