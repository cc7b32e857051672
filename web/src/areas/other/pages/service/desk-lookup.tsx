import { useState } from 'react';
import { Card, Col, Descriptions, Empty, Input, List, Row, Skeleton, Space, Table, Timeline, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DeskMemberView, DeskOrderRow, DeskPaymentView } from '@kapu/contract';
import { lookupMemberOrders, lookupMembers, lookupOrder } from '@/api/service';
import { serviceKeys } from '@/api/keys';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { useLayoutStore } from '@/app/stores/layout-store';
import { ComplaintStatusTag } from '@/components/complaint-thread';
import { OrderStatusTag, OrderView } from '@/components/order-view';

function MemberOrders({ member, onOpenOrder }: { member: DeskMemberView; onOpenOrder: (orderNo: string) => void }) {
  const isMobile = useLayoutStore((s) => s.isMobile);
  const [page, setPage] = useState(1);
  const orders = useQuery({
    queryKey: serviceKeys.memberOrders(member.id, page),
    queryFn: () => unwrap(lookupMemberOrders({ userId: member.id, page, pageSize: 10 })),
    placeholderData: keepPreviousData,
  });
  return (
    <Table<DeskOrderRow>
      rowKey="orderNo"
      size="small"
      loading={orders.isFetching}
      dataSource={orders.data?.list ?? []}
      scroll={isMobile ? undefined : { x: 'max-content' }}
      locale={{ emptyText: <Empty description="该会员还没有订单" /> }}
      pagination={{ current: page, pageSize: 10, total: orders.data?.total ?? 0, onChange: setPage }}
      columns={[
        {
          title: '订单号',
          dataIndex: 'orderNo',
          render: (v: string) => <Typography.Link onClick={() => onOpenOrder(v)}>{v}</Typography.Link>,
        },
        { title: '商品', dataIndex: 'goodsName' },
        { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => formatYuan(v) },
        {
          title: '状态',
          dataIndex: 'status',
          render: (v: DeskOrderRow['status'], r) => <OrderStatusTag status={v} text={r.statusText} />,
        },
        { title: '下单时间', dataIndex: 'createdAt' },
      ]}
    />
  );
}

function OrderPanel({ orderNo }: { orderNo: string }) {
  const view = useQuery({
    queryKey: serviceKeys.order(orderNo),
    queryFn: () => unwrap(lookupOrder(orderNo)),
    retry: false,
  });
  if (view.isError) return <Empty description="没有找到该订单" />;
  if (!view.data) return <Skeleton active />;
  const v = view.data;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions size="small" column={{ xs: 1, md: 3 }}>
        <Descriptions.Item label="买家">
          {v.order.member ? `${v.order.member.userNo}（${v.order.member.loginName}）` : '游客'}
        </Descriptions.Item>
        <Descriptions.Item label="下单 IP">{v.order.clientIp || '—'}</Descriptions.Item>
        <Descriptions.Item label="成本">{formatYuan(v.order.unitCost)}</Descriptions.Item>
      </Descriptions>
      <OrderView order={v.order} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card size="small" title="支付记录">
            <Table<DeskPaymentView>
              rowKey="paymentNo"
              size="small"
              pagination={false}
              dataSource={v.payments}
              locale={{ emptyText: <Empty description="没有在线支付记录（余额支付或免费订单）" /> }}
              columns={[
                { title: '支付单号', dataIndex: 'paymentNo' },
                { title: '方式', dataIndex: 'gateway' },
                { title: '金额', dataIndex: 'amount', render: (x: number) => formatYuan(x) },
                { title: '状态', dataIndex: 'status' },
                { title: '支付时间', dataIndex: 'paidAt', render: (x: string) => x || '—' },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title="订单经过">
            <Timeline items={v.history.map((h) => ({ children: `${h.at}  ${h.text}` }))} />
            {v.complaints.length > 0 && (
              <List
                size="small"
                header="投诉"
                dataSource={v.complaints}
                renderItem={(c) => (
                  <List.Item>
                    #{c.id} {c.typeText} <ComplaintStatusTag status={c.status} text={c.statusText} /> {c.outcomeText}
                  </List.Item>
                )}
              />
            )}
          </Card>
        </Col>
      </Row>
    </Space>
  );
}

/** 查询：按会员编号、登录名或联系方式找会员并看其订单；按订单号看订单、卡密、支付与经过。 */
export function DeskLookup() {
  const [keyword, setKeyword] = useState('');
  const [member, setMember] = useState<DeskMemberView | null>(null);
  const [orderNo, setOrderNo] = useState('');
  const members = useQuery({
    queryKey: serviceKeys.members(keyword),
    queryFn: () => unwrap(lookupMembers(keyword), { toast: false }),
    enabled: keyword !== '',
    retry: false,
  });
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Input.Search
            allowClear
            enterButton="查会员"
            placeholder="会员编号、登录名、手机、邮箱或 QQ"
            onSearch={(v) => {
              setKeyword(v.trim());
              setMember(null);
            }}
          />
        </Col>
        <Col xs={24} md={12}>
          <Input.Search
            allowClear
            enterButton="查订单"
            placeholder="订单号"
            value={orderNo}
            onChange={(e) => setOrderNo(e.target.value)}
            onSearch={(v) => setOrderNo(v.trim())}
          />
        </Col>
      </Row>
      {keyword && (
        <Card size="small" title="会员">
          {members.isError ? (
            <Empty description="没有找到匹配的会员" />
          ) : !members.data ? (
            <Skeleton active />
          ) : (
            <List
              dataSource={members.data}
              renderItem={(m) => (
                <List.Item
                  actions={[
                    <Typography.Link key="orders" onClick={() => setMember(m)}>
                      看订单
                    </Typography.Link>,
                  ]}
                >
                  <List.Item.Meta
                    title={`${m.userNo}（${m.loginName}）${m.nickname ? ` ${m.nickname}` : ''}`}
                    description={`余额 ${formatYuan(m.balance)} · ${m.status} · 手机 ${m.mobile || '—'} · 邮箱 ${m.email || '—'} · QQ ${m.qq || '—'} · 注册 ${m.createdAt}`}
                  />
                </List.Item>
              )}
            />
          )}
          {member && (
            <div style={{ marginTop: 16 }}>
              <Typography.Title level={5}>{member.loginName} 的订单</Typography.Title>
              <MemberOrders member={member} onOpenOrder={setOrderNo} />
            </div>
          )}
        </Card>
      )}
      {/^\d{17,40}$/.test(orderNo) && (
        <Card size="small" title={`订单 ${orderNo}`}>
          <OrderPanel orderNo={orderNo} />
        </Card>
      )}
    </Space>
  );
}
