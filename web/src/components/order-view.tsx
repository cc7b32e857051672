import type { ReactNode } from 'react';
import { App, Alert, Button, Card, Descriptions, Empty, Space, Table, Tag, Typography } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import {
  type DeliveredCard,
  GoodsTypeLabels,
  type OrderDetail,
  type OrderStatus,
  payMethodLabel,
} from '@kapu/contract';
import { formatYuan } from '@/app/format';
import { copyText } from '@/app/clipboard';
import { cardLines, downloadText } from '@/app/csv';

const STATUS_COLORS: Record<OrderStatus, string> = {
  unpaid: 'orange',
  expired: 'default',
  cancelled: 'default',
  paid: 'blue',
  pending: 'processing',
  shipped: 'cyan',
  delivered: 'green',
  refund_due: 'magenta',
  refunded: 'purple',
};

export function OrderStatusTag({ status, text }: { status: OrderStatus; text: string }) {
  return <Tag color={STATUS_COLORS[status]}>{text}</Tag>;
}

const REPEAL_TEXT: Record<string, { text: string; color: string }> = {
  requested: { text: '撤销审核中', color: 'orange' },
  approved: { text: '已撤销退款', color: 'purple' },
  rejected: { text: '撤销被驳回', color: 'red' },
};

export function RepealTag({ status }: { status: string }) {
  const r = REPEAL_TEXT[status];
  return r ? <Tag color={r.color}>{r.text}</Tag> : null;
}

/** The delivered cards with 一键复制 and a .txt download. */
export function DeliveredCards({
  orderNo,
  cards,
  extra,
}: {
  orderNo: string;
  cards: DeliveredCard[];
  extra?: ReactNode;
}) {
  const { message } = App.useApp();
  const text = cardLines(cards);
  return (
    <Card
      size="small"
      title={`卡密（${cards.length} 张）`}
      className="delivered-cards"
      extra={
        <Space wrap>
          {extra}
          <Button
            type="primary"
            icon={<CopyOutlined />}
            onClick={() =>
              void copyText(text).then((ok) =>
                ok ? message.success('卡密已复制') : message.error('复制失败，请手动选择复制'),
              )
            }
          >
            一键复制
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => downloadText(`卡密-${orderNo}.txt`, `${text}\n`)}>
            导出 TXT
          </Button>
        </Space>
      }
    >
      <Table<DeliveredCard>
        size="small"
        rowKey="id"
        pagination={cards.length > 20 ? { pageSize: 20 } : false}
        dataSource={cards}
        columns={[
          { title: '序号', width: 64, render: (_v, _r, i) => i + 1 },
          {
            title: '卡号',
            dataIndex: 'card',
            render: (v: string) => (
              <Typography.Text copyable code>
                {v}
              </Typography.Text>
            ),
          },
          {
            title: '密码',
            dataIndex: 'password',
            render: (v: string) =>
              v ? (
                <Typography.Text copyable code>
                  {v}
                </Typography.Text>
              ) : (
                '—'
              ),
          },
          {
            title: '状态',
            dataIndex: 'repealStatus',
            width: 120,
            render: (v: string, r) =>
              REPEAL_TEXT[v] ? (
                <RepealTag status={v} />
              ) : r.status === 'void' ? (
                <Tag>已作废</Tag>
              ) : (
                <Tag color="green">正常</Tag>
              ),
          },
        ]}
      />
    </Card>
  );
}

/** One order in full: amounts, state, what was delivered (cards, text, recharge inputs, parcel). */
export function OrderView({
  order,
  cardsExtra,
  showContact = true,
}: {
  order: OrderDetail;
  cardsExtra?: ReactNode;
  showContact?: boolean;
}) {
  const waiting = order.status === 'paid' || order.status === 'pending';
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small" title="订单信息">
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
          <Descriptions.Item label="订单号">
            <Typography.Text copyable>{order.orderNo}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="状态">
            <OrderStatusTag status={order.status} text={order.statusText} />
          </Descriptions.Item>
          <Descriptions.Item label="商品">
            {order.goodsName}（{GoodsTypeLabels[order.goodsType]}）
          </Descriptions.Item>
          <Descriptions.Item label="单价">{formatYuan(order.unitPrice)}</Descriptions.Item>
          <Descriptions.Item label="数量">{order.quantity}</Descriptions.Item>
          <Descriptions.Item label="金额">
            <Typography.Text strong type="danger">
              {formatYuan(order.amount)}
            </Typography.Text>
          </Descriptions.Item>
          {showContact && <Descriptions.Item label="联系方式">{order.contact || '—'}</Descriptions.Item>}
          <Descriptions.Item label="下单时间">{order.createdAt}</Descriptions.Item>
          <Descriptions.Item label="支付时间">{order.paidAt || '—'}</Descriptions.Item>
          {order.payMethod && <Descriptions.Item label="支付方式">{payMethodLabel(order.payMethod)}</Descriptions.Item>}
          {order.deliveredAt && <Descriptions.Item label="完成时间">{order.deliveredAt}</Descriptions.Item>}
          {order.remark && <Descriptions.Item label="备注">{order.remark}</Descriptions.Item>}
          {order.refundAmount > 0 && (
            <Descriptions.Item label="已退款">{formatYuan(order.refundAmount)}</Descriptions.Item>
          )}
          {order.refundReason && <Descriptions.Item label="退款原因">{order.refundReason}</Descriptions.Item>}
        </Descriptions>
      </Card>
      {waiting && order.goodsType !== 'card' && (
        <Alert
          type="info"
          showIcon
          title="订单已支付，正在处理"
          description={
            order.goodsType === 'physical'
              ? '商家发货后这里会显示快递公司和单号。'
              : '商家处理完成后这里会显示发货内容。'
          }
        />
      )}
      {order.buyerInputs.length > 0 && (
        <Card size="small" title={order.goodsType === 'recharge' ? '充值信息' : '下单信息'}>
          <Descriptions column={1} size="small">
            {order.buyerInputs.map((input) => (
              <Descriptions.Item key={input.key} label={input.label}>
                {input.type === 'image' || input.value.startsWith('/uploads/') ? (
                  <a href={input.value} target="_blank" rel="noreferrer">
                    查看图片
                  </a>
                ) : (
                  input.value
                )}
              </Descriptions.Item>
            ))}
          </Descriptions>
        </Card>
      )}
      {/* Cards of card goods, and those an upstream shop delivered for a docked (manual) goods. */}
      {order.cards.length > 0 ? (
        <DeliveredCards orderNo={order.orderNo} cards={order.cards} extra={cardsExtra} />
      ) : (
        order.goodsType === 'card' &&
        order.status !== 'delivered' && (
          <Card size="small" title="卡密">
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={order.status === 'unpaid' ? '支付完成后自动发卡' : '暂无卡密'}
            />
          </Card>
        )
      )}
      {order.deliveryText && (
        <Card size="small" title="发货内容">
          <Typography.Paragraph copyable style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
            {order.deliveryText}
          </Typography.Paragraph>
        </Card>
      )}
      {order.ship && (
        <Card size="small" title="收货与物流">
          <Descriptions column={{ xs: 1, sm: 2 }} size="small">
            <Descriptions.Item label="收货人">{order.ship.name}</Descriptions.Item>
            <Descriptions.Item label="电话">{order.ship.phone}</Descriptions.Item>
            <Descriptions.Item label="地址" span={2}>
              {order.ship.address}
            </Descriptions.Item>
            <Descriptions.Item label="快递公司">{order.express?.carrier || '待发货'}</Descriptions.Item>
            <Descriptions.Item label="快递单号">
              {order.express?.trackingNo ? <Typography.Text copyable>{order.express.trackingNo}</Typography.Text> : '—'}
            </Descriptions.Item>
            {order.express?.shippedAt && (
              <Descriptions.Item label="发货时间">{order.express.shippedAt}</Descriptions.Item>
            )}
          </Descriptions>
        </Card>
      )}
    </Space>
  );
}
