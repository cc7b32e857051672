import { useState } from 'react';
import { Alert, Button, Card, Col, Popconfirm, Row, Space, Statistic, Switch, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { PayCreated, PaymentAccountView, SiteRefundDueRow } from '@kapu/contract';
import {
  confirmSiteRefund,
  deleteSitePayAccount,
  getSitePayAccounts,
  getSiteRefundsDue,
  saveSitePayAccount,
  setSitePayAccountEnabled,
  testSitePayAccount,
} from '@/api/site-pay';
import { sitePayKeys } from '@/api/keys';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { useAction } from '@/hooks/use-action';
import { CLIENT_TEXT, PaymentAccountEditor, SecretTags } from '@/areas/pay/lib/account-editor';
import { percentText } from '@/areas/pay/lib/money';
import { TestPaymentModal } from '@/areas/pay/lib/test-payment-modal';

/**
 * 收款账户（分站自有收款，决定 0010）：站长自己的易支付 / 支付宝账户。启用后本站订单的买家直接付款给站长，
 * 每笔订单发货时从站长的预存余额扣进货款；货款在站长账户里的退款由站长退回。A section without a
 * route of its own: 分站店铺 (/vip/shop) shows it; it can be mounted anywhere in the owner's back office.
 */
export function SitePaymentAccounts() {
  const navigate = useNavigate();
  const overview = useQuery({ queryKey: sitePayKeys.accounts, queryFn: () => unwrap(getSitePayAccounts()) });
  const [editing, setEditing] = useState<PaymentAccountView | 'new' | null>(null);
  const [tested, setTested] = useState<PayCreated | null>(null);
  const saving = useAction({
    call: saveSitePayAccount,
    success: '收款账户已保存',
    invalidates: [sitePayKeys.accounts],
    onSuccess: () => setEditing(null),
  });
  const toggling = useAction({
    call: ({ a, on }: { a: PaymentAccountView; on: boolean }) => setSitePayAccountEnabled(a.id, on),
    success: (_r, { on }) => (on ? '已启用，本站订单将付款到该账户' : '已停用'),
    invalidates: [sitePayKeys.accounts],
  });
  const removal = useAction({
    call: (a: PaymentAccountView) => deleteSitePayAccount(a.id),
    success: (r) => (r.deleted ? '收款账户已删除' : '该账户已有支付记录，已改为停用'),
    invalidates: [sitePayKeys.accounts],
  });
  const testing = useAction({
    call: (a: PaymentAccountView) => testSitePayAccount(a.id),
    onSuccess: (created) => setTested(created),
  });
  const data = overview.data;
  const allowed = data?.allowed ?? false;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title="收款账户"
        extra={data && (data.active ? <Tag color="green">买家直接付款给你</Tag> : <Tag>未启用：买家付款给平台</Tag>)}
      >
        {data && !allowed && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title="当前分站版本不支持自有收款"
            description="升级到含“自有收款”的版本后，可以添加自己的易支付或支付宝账户，买家直接付款给你。已有的账户可以停用或删除。"
            action={
              <Button size="small" onClick={() => navigate('/vip/vipVersionMoney')}>
                升级版本
              </Button>
            }
          />
        )}
        {allowed && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title="启用后，本站订单只显示你的收款方式（会员还可以用余额支付）"
            description="每笔订单发货时，从你的预存余额扣除进货成本（售价减去你的利润）；余额不足以支付进货成本时买家无法付款，请保持余额充足。退款时平台把进货款退回你的余额，买家的货款由你退回。"
          />
        )}
        <Row gutter={16} style={{ marginBottom: 16 }} align="bottom">
          <Col>
            <Statistic title="预存余额" value={data ? formatYuan(data.balance) : '—'} loading={overview.isLoading} />
          </Col>
          <Col>
            <Space>
              <Button type="primary" onClick={() => navigate('/pay/recharge')}>
                充值
              </Button>
              <Button onClick={() => navigate('/inside/accountmoney')}>资金明细</Button>
            </Space>
          </Col>
        </Row>
        <Button type="primary" ghost style={{ marginBottom: 16 }} disabled={!allowed} onClick={() => setEditing('new')}>
          添加收款账户
        </Button>
        <Table<PaymentAccountView>
          rowKey="id"
          loading={overview.isFetching}
          dataSource={data?.accounts ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: '还没有收款账户：买家付款给平台，利润按分成结算' }}
          columns={[
            {
              title: '名称',
              key: 'name',
              render: (_v, a) => (
                <span>
                  {a.name}
                  <br />
                  <Typography.Text type="secondary">买家看到：{a.displayName || a.name}</Typography.Text>
                </span>
              ),
            },
            { title: '网关', dataIndex: 'gatewayText' },
            { title: '终端', dataIndex: 'client', render: (c: keyof typeof CLIENT_TEXT) => CLIENT_TEXT[c] },
            { title: '费率', dataIndex: 'feeRate', render: (r: number) => (r ? percentText(r) : '无') },
            { title: '密钥', key: 'secrets', render: (_v, a) => <SecretTags account={a} /> },
            {
              title: '启用',
              dataIndex: 'enabled',
              render: (e: number, a) => (
                <Switch
                  checked={e === 1}
                  disabled={!allowed && e !== 1}
                  loading={toggling.pendingInput?.a.id === a.id}
                  onChange={(on) => toggling.run({ a, on })}
                  aria-label={`启用 ${a.name}`}
                />
              ),
            },
            {
              title: '操作',
              key: 'op',
              render: (_v, a) => (
                <Space>
                  <Button type="link" size="small" disabled={!allowed} onClick={() => setEditing(a)}>
                    编辑
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    disabled={!allowed}
                    loading={testing.pendingInput?.id === a.id}
                    onClick={() => testing.run(a)}
                  >
                    测试
                  </Button>
                  <Popconfirm
                    title="删除该收款账户？有支付记录的账户会改为停用"
                    okText="删除"
                    cancelText="取消"
                    onConfirm={() => removal.confirm(a)}
                  >
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <OwnerRefunds />
      <PaymentAccountEditor
        editing={editing}
        gateways={data?.gateways ?? []}
        defaultGateway="epay_v1"
        noun="收款账户"
        saving={saving.isPending}
        onSave={(form) => saving.run(form)}
        onCancel={() => setEditing(null)}
      />
      <TestPaymentModal tested={tested} onClose={() => setTested(null)} />
    </Space>
  );
}

/** Orders whose money is in the owner's account and must go back to the buyer: through the gateway, or by hand. */
function OwnerRefunds() {
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: sitePayKeys.refundPage(page),
    queryFn: () => unwrap(getSiteRefundsDue(page)),
    placeholderData: keepPreviousData,
  });
  const refund = useAction({
    call: confirmSiteRefund,
    success: (r) => (r.via === 'gateway' ? '已通过你的收款账户原路退款' : '已记录为线下退款'),
    invalidates: [sitePayKeys.all],
  });
  return (
    <Card title="待退款订单">
      <Typography.Paragraph type="secondary">
        这些订单的货款在你的收款账户中，平台不会向买家退款，请你原路退回或线下退款后确认。已扣的进货款已退回你的余额（因余额不足未发货的订单未扣进货款）。
      </Typography.Paragraph>
      <Table<SiteRefundDueRow>
        rowKey="orderNo"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '没有待你退款的订单' }}
        pagination={{ current: page, pageSize: 10, total: list.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: '订单号', dataIndex: 'orderNo' },
          { title: '商品', key: 'goods', render: (_v, r) => `${r.goodsName} × ${r.quantity}` },
          { title: '买家', dataIndex: 'buyer' },
          { title: '应退金额', dataIndex: 'dueAmount', render: (v: number) => formatYuan(v) },
          { title: '原因', dataIndex: 'reason' },
          { title: '付款时间', dataIndex: 'paidAt' },
          {
            title: '操作',
            key: 'op',
            fixed: 'right',
            render: (_v, r) => (
              <Space>
                <Popconfirm
                  title={`通过你的收款账户（${r.gatewayText}）原路退回 ${formatYuan(r.dueAmount)}？`}
                  okText="原路退款"
                  cancelText="取消"
                  disabled={!r.canGateway}
                  onConfirm={() => refund.confirm({ orderNo: r.orderNo, via: 'gateway' })}
                >
                  <Button type="link" size="small" disabled={!r.canGateway}>
                    原路退款
                  </Button>
                </Popconfirm>
                <Popconfirm
                  title={`确认你已通过其他方式把 ${formatYuan(r.dueAmount)} 退给买家？`}
                  okText="已退款"
                  cancelText="取消"
                  onConfirm={() => refund.confirm({ orderNo: r.orderNo, via: 'manual', reason: '站长线下退款' })}
                >
                  <Button type="link" size="small">
                    已线下退款
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
