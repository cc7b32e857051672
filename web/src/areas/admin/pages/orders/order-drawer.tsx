import { memberText } from '@kapu/contract';
import { Button, Card, Descriptions, Drawer, Form, Input, Skeleton, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { adminDeliverOrder, adminOrderDetail } from '@/api/orders';
import { formatYuan } from '@/app/format';
import type { Envelope } from '@/app/http/envelope';
import { unwrap } from '@/app/http/unwrap';
import { useAction } from '@/hooks/use-action';
import { Access } from '@/app/guards/access';
import { OrderView } from '@/components/order-view';
import { REFUNDABLE, RefundCard } from './refund-card';
import { adminKeys } from '@/api/keys';

/** One order for staff: the full view, plus delivery text, shipping, and refund. */
export function OrderDrawer({ orderNo, onClose }: { orderNo: string | null; onClose: () => void }) {
  const detail = useQuery({
    queryKey: adminKeys.orderOf(orderNo),
    queryFn: () => unwrap(adminOrderDetail(orderNo!)),
    enabled: Boolean(orderNo),
  });
  const o = detail.data;
  // One action for delivery, receipt and refund: each says what it sends and what to show.
  const action = useAction({
    call: ({ send }: { send: () => Promise<Envelope<unknown>>; done: string }) => send(),
    success: (_data, { done }) => done,
    invalidates: [adminKeys.order, adminKeys.orders],
  });
  const act = (send: () => Promise<Envelope<unknown>>, done: string) =>
    action.act({ send, done }).then(() => undefined);
  const busy = action.isPending;
  return (
    <Drawer open={Boolean(orderNo)} onClose={onClose} size={820} title={`订单 ${orderNo ?? ''}`} destroyOnHidden>
      {!o ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Card size="small" title="后台信息">
            <Descriptions size="small" column={3}>
              <Descriptions.Item label="会员">{memberText(o.member)}</Descriptions.Item>
              <Descriptions.Item label="成本单价">{formatYuan(o.unitCost)}</Descriptions.Item>
              <Descriptions.Item label="下单 IP">{o.clientIp || '—'}</Descriptions.Item>
            </Descriptions>
          </Card>
          <Access codes={['orders.manage']}>
            {o.status === 'pending' && o.goodsType !== 'physical' && (
              <Card size="small" title="手工发货">
                <Form
                  layout="vertical"
                  onFinish={(v: { deliveryText: string }) =>
                    void act(() => adminDeliverOrder({ orderNo: o.orderNo, deliveryText: v.deliveryText }), '已发货')
                  }
                >
                  <Form.Item name="deliveryText" rules={[{ required: true, message: '请填写发货内容' }, { max: 5000 }]}>
                    <Input.TextArea rows={4} placeholder="卡密、账号或处理结果，买家在订单详情中可见" />
                  </Form.Item>
                  <Button type="primary" htmlType="submit" loading={busy}>
                    确认发货
                  </Button>
                </Form>
              </Card>
            )}
            {o.status === 'pending' && o.goodsType === 'physical' && (
              <Card size="small" title="填写快递">
                <Form
                  layout="inline"
                  onFinish={(v: { carrier: string; trackingNo: string }) =>
                    void act(() => adminDeliverOrder({ orderNo: o.orderNo, ...v }), '已发货')
                  }
                >
                  <Form.Item name="carrier" rules={[{ required: true, message: '快递公司' }, { max: 30 }]}>
                    <Input placeholder="快递公司，如 顺丰" />
                  </Form.Item>
                  <Form.Item
                    name="trackingNo"
                    rules={[
                      { required: true, message: '快递单号' },
                      { pattern: /^[A-Za-z0-9-]{4,40}$/, message: '单号格式不正确' },
                    ]}
                  >
                    <Input placeholder="快递单号" />
                  </Form.Item>
                  <Button type="primary" htmlType="submit" loading={busy}>
                    发货
                  </Button>
                </Form>
              </Card>
            )}
            {o.status === 'shipped' && (
              <Button
                loading={busy}
                onClick={() => void act(() => adminDeliverOrder({ orderNo: o.orderNo }), '已确认签收')}
              >
                确认买家已签收
              </Button>
            )}
            {REFUNDABLE.has(o.status) && o.amount - o.refundAmount > 0 && (
              <RefundCard order={o} busy={busy} act={act} />
            )}
          </Access>
          <OrderView order={o} />
        </Space>
      )}
    </Drawer>
  );
}
