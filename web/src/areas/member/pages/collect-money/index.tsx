import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  Popconfirm,
  Row,
  Select,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { type WithdrawRow, type WithdrawStatus, WithdrawStatusLabels } from '@kapu/contract';
import { cancelWithdraw, createWithdraw, getWithdrawConfig, listWithdrawals } from '@/api/withdraw';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { LoadFailed } from '@/components/load-failed';
import { PageFrame } from '@/components/page-frame';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { percentText, withdrawalFee, yuanToFen } from '@/areas/pay/lib/money';
import { useSalePwdRequired } from '@/hooks/use-sale-pwd';
import { WITHDRAW_STATUS_COLOR } from '../../lib/withdraw-status';
import '../../lib/funds-pages.css';
import { accountKeys, fundsKeys } from '@/api/keys';
import { useAction } from '@/hooks/use-action';

interface CreateValues {
  payeeId?: number;
  amount: string;
  salePwd?: string;
}

/** 余额提现：提现规则、手续费预览、申请提现与提现记录（待审核可取消）。 */
export default function CollectMoneyPage() {
  const meta = useRouteMeta();
  const [form] = Form.useForm<CreateValues>();
  const amountText = Form.useWatch('amount', form);
  const [status, setStatus] = useState<WithdrawStatus | undefined>();
  const [page, setPage] = useState(1);
  const salePwd = useSalePwdRequired('withdraw');
  const config = useQuery({ queryKey: fundsKeys.withdrawConfig, queryFn: () => unwrap(getWithdrawConfig()) });
  const list = useQuery({
    queryKey: fundsKeys.withdrawList(status, page),
    queryFn: () => unwrap(listWithdrawals({ status, page, pageSize: 10 })),
    placeholderData: keepPreviousData,
  });
  const c = config.data;
  const amountFen = yuanToFen(amountText);
  const fee = c && amountFen ? withdrawalFee(amountFen, c.feeBasisPoints, c.feeMin) : null;
  const create = useAction({
    call: createWithdraw,
    success: (r) => `提现申请已提交，预计到账 ${formatYuan(r.actualAmount)}，请等待审核`,
    invalidates: [fundsKeys.withdraw, fundsKeys.ledger, accountKeys.account],
    onSuccess: () => form.resetFields(['amount', 'salePwd']),
  });
  const submit = (v: CreateValues) => {
    if (!v.payeeId) return;
    create.run({ payeeId: v.payeeId, amount: v.amount.trim(), salePwd: salePwd.required ? v.salePwd : undefined });
  };
  const cancel = useAction({
    call: cancelWithdraw,
    success: '已取消提现，金额已退回余额',
    invalidates: [fundsKeys.withdraw, fundsKeys.ledger, accountKeys.account],
  });

  const amountRule = {
    validator: (_r: unknown, v: string) => {
      if (!v) return Promise.resolve();
      const fen = yuanToFen(v);
      if (fen === null || fen <= 0) return Promise.reject(new Error('请输入大于 0 的金额，最多两位小数'));
      if (c && fen < c.min) return Promise.reject(new Error(`提现金额不能低于 ${formatYuan(c.min)}`));
      if (c && c.max > 0 && fen > c.max) return Promise.reject(new Error(`单笔提现不能超过 ${formatYuan(c.max)}`));
      if (c && fen > c.balance) return Promise.reject(new Error('余额不足'));
      if (c && withdrawalFee(fen, c.feeBasisPoints, c.feeMin) >= fen)
        return Promise.reject(new Error('提现金额不足以支付手续费'));
      return Promise.resolve();
    },
  };

  return (
    <PageFrame title="余额提现" description={meta?.description}>
      {config.isError ? (
        <Card>
          <LoadFailed onRetry={() => void config.refetch()} />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={14}>
            <Card title="申请提现" loading={config.isLoading}>
              {c && !c.enabled && (
                <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="本站暂停了提现申请" />
              )}
              {c && c.payees.length === 0 && (
                <Alert
                  type="info"
                  showIcon
                  style={{ marginBottom: 16 }}
                  title="还没有收款账户"
                  description={<Link to="/inside/payInfo">先添加收款账户</Link>}
                />
              )}
              <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} disabled={!c?.enabled}>
                <Form.Item name="payeeId" label="收款账户" rules={[{ required: true, message: '请选择收款账户' }]}>
                  <Select
                    placeholder="选择收款账户"
                    options={(c?.payees ?? []).map((p) => ({
                      value: p.id,
                      label: `${p.kindText} · ${p.realName} · ${p.kind === 'qr' ? (p.qrType === 'wechat' ? '微信收款码' : '支付宝收款码') : p.account}`,
                    }))}
                    notFoundContent="暂无收款账户"
                  />
                </Form.Item>
                <Form.Item
                  name="amount"
                  label="提现金额（元）"
                  rules={[{ required: true, message: '请输入提现金额' }, amountRule]}
                  extra={c ? `可提现余额 ${formatYuan(c.balance)}` : undefined}
                >
                  <Input inputMode="decimal" prefix="¥" placeholder="0.00" autoComplete="off" />
                </Form.Item>
                {fee !== null && amountFen !== null && amountFen > 0 && (
                  <Descriptions size="small" column={{ xs: 1, sm: 3 }} bordered className="funds-fee-preview">
                    <Descriptions.Item label="提现金额">{formatYuan(amountFen)}</Descriptions.Item>
                    <Descriptions.Item label="手续费">{formatYuan(fee)}</Descriptions.Item>
                    <Descriptions.Item label="实际到账">
                      <Typography.Text strong type={amountFen - fee > 0 ? 'success' : 'danger'}>
                        {formatYuan(Math.max(0, amountFen - fee))}
                      </Typography.Text>
                    </Descriptions.Item>
                  </Descriptions>
                )}
                {salePwd.required && (
                  <Form.Item
                    name="salePwd"
                    label="交易密码"
                    rules={[{ required: true, pattern: /^\d{6}$/, message: '请输入 6 位数字交易密码' }]}
                  >
                    <Input.Password maxLength={6} inputMode="numeric" autoComplete="off" />
                  </Form.Item>
                )}
                <Button
                  type="primary"
                  htmlType="submit"
                  loading={create.isPending}
                  disabled={!c?.enabled || !c.payees.length || (c && c.todayCount >= c.dailyCount)}
                >
                  提交提现申请
                </Button>
              </Form>
            </Card>
          </Col>
          <Col xs={24} lg={10}>
            <Card title="提现规则" loading={config.isLoading}>
              {c && (
                <Space orientation="vertical" style={{ width: '100%' }}>
                  <Row gutter={16}>
                    <Col span={12}>
                      <Statistic title="可提现余额" value={formatYuan(c.balance)} />
                    </Col>
                    <Col span={12}>
                      <Statistic title="今日已申请" value={c.todayCount} suffix={`/ ${c.dailyCount} 次`} />
                    </Col>
                  </Row>
                  <Descriptions column={1} size="small">
                    <Descriptions.Item label="最低提现">{formatYuan(c.min)}</Descriptions.Item>
                    <Descriptions.Item label="单笔上限">{c.max > 0 ? formatYuan(c.max) : '不限'}</Descriptions.Item>
                    <Descriptions.Item label="手续费">
                      {c.feeBasisPoints > 0 || c.feeMin > 0
                        ? `${percentText(c.feeBasisPoints)}，最低 ${formatYuan(c.feeMin)}`
                        : '免手续费'}
                    </Descriptions.Item>
                    <Descriptions.Item label="每日次数">{c.dailyCount} 次</Descriptions.Item>
                  </Descriptions>
                  <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                    {c.feeRule}。申请后金额先从余额扣除，审核驳回或您取消后全额退回。
                  </Typography.Paragraph>
                </Space>
              )}
            </Card>
          </Col>
        </Row>
      )}
      <Card
        title="提现记录"
        style={{ marginTop: 16 }}
        extra={
          <Select
            allowClear
            placeholder="全部状态"
            style={{ width: 120 }}
            value={status}
            onChange={(v?: WithdrawStatus) => {
              setStatus(v);
              setPage(1);
            }}
            options={(Object.keys(WithdrawStatusLabels) as WithdrawStatus[]).map((k) => ({
              value: k,
              label: WithdrawStatusLabels[k],
            }))}
            aria-label="提现状态"
          />
        }
      >
        <Table<WithdrawRow>
          rowKey="id"
          size="small"
          loading={list.isFetching}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: '暂无提现记录' }}
          scroll={{ x: 'max-content' }}
          pagination={{ current: page, pageSize: 10, total: list.data?.total ?? 0, onChange: setPage }}
          columns={[
            { title: '申请时间', dataIndex: 'createdAt', width: 170 },
            { title: '提现单号', dataIndex: 'withdrawNo' },
            { title: '金额', dataIndex: 'amount', render: (v: number) => formatYuan(v) },
            { title: '手续费', dataIndex: 'fee', render: (v: number) => formatYuan(v) },
            { title: '到账', dataIndex: 'actualAmount', render: (v: number) => formatYuan(v) },
            {
              title: '收款账户',
              key: 'payee',
              render: (_v, r) =>
                `${r.payee.realName} ${r.payee.account || (r.payee.qrType === 'wechat' ? '微信收款码' : r.payee.qrType ? '支付宝收款码' : '')}`,
            },
            {
              title: '状态',
              dataIndex: 'status',
              render: (s: WithdrawStatus, r) => (
                <Space orientation="vertical" size={0}>
                  <Tag color={WITHDRAW_STATUS_COLOR[s]}>{r.statusText}</Tag>
                  {s === 'rejected' && r.rejectReason && (
                    <Typography.Text type="danger">原因：{r.rejectReason}</Typography.Text>
                  )}
                  {s === 'approved' && r.payoutRef && (
                    <Typography.Text type="secondary">流水号：{r.payoutRef}</Typography.Text>
                  )}
                </Space>
              ),
            },
            {
              title: '操作',
              key: 'op',
              render: (_v, r) =>
                r.status === 'pending' ? (
                  <Popconfirm
                    title="取消这笔提现？金额将退回余额"
                    okText="取消提现"
                    cancelText="不取消"
                    onConfirm={() => cancel.confirm(r.id)}
                  >
                    <Button type="link" size="small" danger>
                      取消
                    </Button>
                  </Popconfirm>
                ) : (
                  r.handledAt || '—'
                ),
            },
          ]}
        />
      </Card>
    </PageFrame>
  );
}
