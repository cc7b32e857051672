import { useState } from 'react';
import {
  Button,
  Card,
  Col,
  Form,
  Image,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Switch,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AdminWithdrawRow, type WithdrawStatus, WithdrawStatusLabels } from '@kapu/contract';
import {
  adminWithdrawals,
  approveWithdraw,
  getFundsSettings,
  rejectWithdraw,
  saveFundsSettings,
  type FundsSettingsForm,
} from '@/api/admin-withdrawals';
import { formatYuan } from '@/app/format';
import type { Envelope } from '@/app/http/envelope';
import { unwrap } from '@/app/http/unwrap';
import { useAction } from '@/hooks/use-action';
import { YUAN_TEXT } from '@/app/yuan';
import { PageFrame } from '@/components/page-frame';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { WITHDRAW_STATUS_COLOR } from '@/areas/member/lib/withdraw-status';
import { settingsToForm } from './settings-form';
import { adminKeys } from '@/api/keys';

type Action = { kind: 'approve' | 'reject'; row: AdminWithdrawRow } | null;

function PayeeCell({ p }: { p: AdminWithdrawRow['payee'] }) {
  const kind =
    p.kind === 'bank'
      ? '银行卡'
      : p.kind === 'alipay'
        ? '支付宝'
        : p.qrType === 'wechat'
          ? '微信收款码'
          : '支付宝收款码';
  return (
    <Space orientation="vertical" size={0}>
      <span>
        {kind} · {p.realName}
      </span>
      {p.account && <Typography.Text copyable>{p.account}</Typography.Text>}
      {p.kind === 'bank' && (
        <Typography.Text type="secondary">
          {p.bankName} {p.bankBranch}
        </Typography.Text>
      )}
      {p.qrImage && <Image src={p.qrImage} width={56} alt="收款码" />}
    </Space>
  );
}

function WithdrawQueue() {
  const [status, setStatus] = useState<WithdrawStatus | undefined>('pending');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [action, setAction] = useState<Action>(null);
  const [form] = Form.useForm<{ text: string }>();
  const list = useQuery({
    queryKey: adminKeys.withdrawalList(status, keyword, page),
    queryFn: () => unwrap(adminWithdrawals({ status, keyword: keyword || undefined, page, pageSize: 20 })),
    placeholderData: keepPreviousData,
  });
  const decide = useAction({
    call: ({ kind, id, text }: { kind: 'approve' | 'reject'; id: number; text: string }): Promise<Envelope<unknown>> =>
      kind === 'approve' ? approveWithdraw(id, text) : rejectWithdraw(id, text),
    success: (_data, { kind }) => (kind === 'approve' ? '已确认打款' : '已驳回，金额已退回会员余额'),
    invalidates: [adminKeys.withdrawals],
    onSuccess: () => setAction(null),
  });
  const handle = (v: { text: string }) => {
    if (action) decide.run({ kind: action.kind, id: action.row.id, text: v.text.trim() });
  };
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          placeholder="全部状态"
          style={{ width: 140 }}
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
        <Input.Search
          allowClear
          placeholder="提现单号 / 登录名 / 会员编号"
          style={{ width: 280 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
          enterButton="搜索"
        />
      </Space>
      <Table<AdminWithdrawRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: status === 'pending' ? '没有待审核的提现' : '暂无提现记录' }}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: '申请时间', dataIndex: 'createdAt', width: 170 },
          { title: '提现单号', dataIndex: 'withdrawNo' },
          {
            title: '会员',
            key: 'user',
            render: (_v, r) => (
              <span>
                {r.loginName}
                <br />
                <Typography.Text type="secondary">{r.userNo}</Typography.Text>
              </span>
            ),
          },
          { title: '金额', dataIndex: 'amount', render: (v: number) => formatYuan(v) },
          { title: '手续费', dataIndex: 'fee', render: (v: number) => formatYuan(v) },
          {
            title: '应打款',
            dataIndex: 'actualAmount',
            render: (v: number) => <Typography.Text strong>{formatYuan(v)}</Typography.Text>,
          },
          { title: '收款账户', key: 'payee', render: (_v, r) => <PayeeCell p={r.payee} /> },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: WithdrawStatus, r) => (
              <Space orientation="vertical" size={0}>
                <Tag color={WITHDRAW_STATUS_COLOR[s]}>{r.statusText}</Tag>
                {r.payoutRef && <Typography.Text type="secondary">流水号：{r.payoutRef}</Typography.Text>}
                {r.rejectReason && <Typography.Text type="danger">原因：{r.rejectReason}</Typography.Text>}
                {r.staffName && (
                  <Typography.Text type="secondary">
                    {r.staffName} {r.handledAt}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: '操作',
            key: 'op',
            render: (_v, r) =>
              r.status === 'pending' ? (
                <Space>
                  <Button
                    type="primary"
                    size="small"
                    onClick={() => {
                      form.resetFields();
                      setAction({ kind: 'approve', row: r });
                    }}
                  >
                    确认打款
                  </Button>
                  <Button
                    danger
                    size="small"
                    onClick={() => {
                      form.resetFields();
                      setAction({ kind: 'reject', row: r });
                    }}
                  >
                    驳回
                  </Button>
                </Space>
              ) : (
                '—'
              ),
          },
        ]}
      />
      <Modal
        open={action !== null}
        title={action?.kind === 'approve' ? '确认已打款' : '驳回提现'}
        okText={action?.kind === 'approve' ? '确认打款' : '驳回'}
        okButtonProps={{ danger: action?.kind === 'reject' }}
        cancelText="取消"
        confirmLoading={decide.isPending}
        onOk={() => form.submit()}
        onCancel={() => setAction(null)}
        destroyOnHidden
      >
        {action && (
          <Typography.Paragraph>
            {action.row.loginName} 申请提现 {formatYuan(action.row.amount)}，应打款{' '}
            <Typography.Text strong>{formatYuan(action.row.actualAmount)}</Typography.Text> 到{' '}
            {action.row.payee.realName} 的收款账户。
            {action.kind === 'reject' && '驳回后全部金额退回会员余额。'}
          </Typography.Paragraph>
        )}
        <Form form={form} layout="vertical" onFinish={(v) => void handle(v)} preserve={false}>
          <Form.Item
            name="text"
            label={action?.kind === 'approve' ? '打款流水号' : '驳回原因'}
            rules={[
              {
                required: true,
                whitespace: true,
                message: action?.kind === 'approve' ? '请填写打款流水号' : '请填写驳回原因',
              },
              { max: action?.kind === 'approve' ? 100 : 200 },
            ]}
          >
            {action?.kind === 'approve' ? (
              <Input maxLength={100} placeholder="支付宝/银行转账的交易流水号" />
            ) : (
              <Input.TextArea maxLength={200} rows={3} placeholder="如：收款账户实名与账号不符" />
            )}
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

const yuanRule = { pattern: YUAN_TEXT, message: '请输入金额，最多两位小数' };

function FundsSettingsPanel() {
  const settings = useQuery({
    queryKey: adminKeys.fundsSettings,
    queryFn: () => unwrap(getFundsSettings()),
  });
  const saving = useAction({
    call: saveFundsSettings,
    success: '资金设置已保存',
    invalidates: [adminKeys.fundsSettings],
  });
  const save = (v: FundsSettingsForm) =>
    saving.run({ ...v, withdrawEnabled: v.withdrawEnabled ? 1 : 0, transferEnabled: v.transferEnabled ? 1 : 0 });
  if (settings.isLoading || !settings.data) return <Card loading />;
  return (
    <Form<FundsSettingsForm>
      layout="vertical"
      initialValues={settingsToForm(settings.data)}
      onFinish={(v) => void save(v)}
      style={{ maxWidth: 760 }}
    >
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Typography.Title level={5}>提现</Typography.Title>
          <Form.Item
            name="withdrawEnabled"
            label="开放提现"
            valuePropName="checked"
            getValueProps={(v) => ({ checked: v === 1 || v === true })}
            normalize={(v: boolean) => (v ? 1 : 0)}
          >
            <Switch />
          </Form.Item>
          <Form.Item
            name="withdrawMin"
            label="最低提现金额（元）"
            rules={[{ required: true, message: '请输入最低提现金额' }, yuanRule]}
          >
            <Input prefix="¥" />
          </Form.Item>
          <Form.Item
            name="withdrawMax"
            label="单笔提现上限（元，0 为不限）"
            rules={[{ required: true, message: '请输入单笔提现上限' }, yuanRule]}
          >
            <Input prefix="¥" />
          </Form.Item>
          <Form.Item
            name="feePercent"
            label="手续费比例（%）"
            extra="手续费 = 提现金额 × 比例，向上取整到分，不低于最低手续费"
            rules={[
              { required: true, message: '请输入手续费比例' },
              { pattern: /^(100|[1-9]?\d)(\.\d{1,2})?$/, message: '手续费比例须为 0-100 之间的数，最多两位小数' },
            ]}
          >
            <Input suffix="%" />
          </Form.Item>
          <Form.Item
            name="feeMin"
            label="最低手续费（元）"
            rules={[{ required: true, message: '请输入最低手续费' }, yuanRule]}
          >
            <Input prefix="¥" />
          </Form.Item>
          <Form.Item
            name="withdrawDailyCount"
            label="每日提现次数"
            rules={[{ required: true, message: '请输入每日提现次数' }]}
          >
            <InputNumber min={1} max={1000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Typography.Title level={5}>转账</Typography.Title>
          <Form.Item
            name="transferEnabled"
            label="开放转账"
            valuePropName="checked"
            getValueProps={(v) => ({ checked: v === 1 || v === true })}
            normalize={(v: boolean) => (v ? 1 : 0)}
          >
            <Switch />
          </Form.Item>
          <Form.Item
            name="transferMin"
            label="最低转账金额（元）"
            rules={[{ required: true, message: '请输入最低转账金额' }, yuanRule]}
          >
            <Input prefix="¥" />
          </Form.Item>
          <Form.Item
            name="transferDailyAmount"
            label="每日转账额度（元）"
            rules={[{ required: true, message: '请输入每日转账额度' }, yuanRule]}
          >
            <Input prefix="¥" />
          </Form.Item>
          <Form.Item
            name="transferDailyCount"
            label="每日转账次数"
            rules={[{ required: true, message: '请输入每日转账次数' }]}
          >
            <InputNumber min={1} max={10000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={saving.isPending}>
        保存设置
      </Button>
    </Form>
  );
}

/** 提现审核：待审核队列（确认打款 / 驳回）与提现、转账规则设置。 */
export default function AdminWithdrawalsPage() {
  const meta = useRouteMeta();
  return (
    <PageFrame title="提现审核" description={meta?.description}>
      <Card>
        <Tabs
          items={[
            { key: 'queue', label: '提现申请', children: <WithdrawQueue /> },
            { key: 'settings', label: '提现与转账设置', children: <FundsSettingsPanel /> },
          ]}
        />
      </Card>
    </PageFrame>
  );
}
