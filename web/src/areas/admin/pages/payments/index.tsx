import { useEffect, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Radio,
  Select,
  Space,
  Spin,
  Switch,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdminPaymentRow,
  type NotifyLogRow,
  type PayCreated,
  type PaymentAccountView,
  type PaymentStatus,
  PaymentStatusLabels,
  payMethodLabel,
} from '@kapu/contract';
import {
  deletePaymentAccount,
  getGateways,
  getNotifyLogs,
  getNotifyLogSettings,
  saveNotifyLogSettings,
  getPaymentAccounts,
  getPayments,
  getPublicUrl,
  getRechargeSettings,
  refundPayment,
  savePaymentAccount,
  savePublicUrl,
  saveRechargeSettings,
  testPaymentAccount,
} from '@/api/admin-payments';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { useAction } from '@/hooks/use-action';
import { PageFrame } from '@/components/page-frame';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { CLIENT_TEXT, PaymentAccountEditor, SecretTags, switchedFormOf } from '@/areas/pay/lib/account-editor';
import { TestPaymentModal } from '@/areas/pay/lib/test-payment-modal';
import { percentText } from '@/areas/pay/lib/money';
import {
  MAX_RECHARGE_TIERS,
  publicUrlProblem,
  rechargeFormProblem,
  rechargeFormToBody,
  rechargeToForm,
  refundWays,
  type RechargeForm,
} from '../../lib/payment-settings';
import { adminKeys } from '@/api/keys';

const PURPOSE_TEXT: Record<string, string> = { order: '订单', recharge: '充值', test: '测试' };
const STATUS_COLOR: Record<PaymentStatus, string> = {
  unpaid: 'default',
  paid: 'green',
  closed: 'default',
  refunded: 'orange',
};

function AccountsPanel() {
  const client = useQueryClient();
  const gateways = useQuery({
    queryKey: adminKeys.gateways,
    queryFn: () => unwrap(getGateways()),
  });
  const accounts = useQuery({
    queryKey: adminKeys.payAccounts,
    queryFn: () => unwrap(getPaymentAccounts()),
  });
  const [editing, setEditing] = useState<PaymentAccountView | 'new' | null>(null);
  const [tested, setTested] = useState<PayCreated | null>(null);
  const saving = useAction({
    call: savePaymentAccount,
    success: '支付账户已保存',
    invalidates: [adminKeys.payAccounts],
    onSuccess: () => setEditing(null),
  });
  // Plain settings as shown; secrets left empty so the stored ones are kept.
  const toggling = useAction({
    call: ({ a, on }: { a: PaymentAccountView; on: boolean }) => savePaymentAccount(switchedFormOf(a, on)),
    success: (_r, { on }) => (on ? '已启用' : '已停用'),
    invalidates: [adminKeys.payAccounts],
  });
  const removal = useAction({
    call: (a: PaymentAccountView) => deletePaymentAccount(a.id),
    success: (r) => (r.deleted ? '支付账户已删除' : '该账户已有支付记录，已改为停用'),
    invalidates: [adminKeys.payAccounts],
  });
  const testing = useAction({
    call: (a: PaymentAccountView) => testPaymentAccount(a.id),
    onSuccess: (created) => setTested(created),
  });

  return (
    <>
      <Button type="primary" style={{ marginBottom: 16 }} onClick={() => setEditing('new')}>
        添加支付账户
      </Button>
      <Table<PaymentAccountView>
        rowKey="id"
        loading={accounts.isFetching}
        dataSource={accounts.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: '名称',
            key: 'name',
            render: (_v, a) => (
              <span>
                {a.name}
                <br />
                <Typography.Text type="secondary">前台显示：{a.displayName || a.name}</Typography.Text>
              </span>
            ),
          },
          { title: '网关', dataIndex: 'gatewayText' },
          { title: '终端', dataIndex: 'client', render: (c: keyof typeof CLIENT_TEXT) => CLIENT_TEXT[c] },
          { title: '费率', dataIndex: 'feeRate', render: (r: number) => (r ? percentText(r) : '无') },
          { title: '密钥', key: 'secrets', render: (_v, a) => <SecretTags account={a} /> },
          { title: '排序', dataIndex: 'sort' },
          {
            title: '启用',
            dataIndex: 'enabled',
            render: (e: number, a) => (
              <Switch
                checked={e === 1}
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
                <Button type="link" size="small" onClick={() => setEditing(a)}>
                  编辑
                </Button>
                {a.gateway !== 'balance' && (
                  <Button
                    type="link"
                    size="small"
                    loading={testing.pendingInput?.id === a.id}
                    onClick={() => testing.run(a)}
                  >
                    测试该账户
                  </Button>
                )}
                <Popconfirm
                  title="删除该支付账户？有支付记录的账户会改为停用"
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
      <PaymentAccountEditor
        editing={editing}
        gateways={gateways.data ?? []}
        defaultGateway="epay_v1"
        saving={saving.isPending}
        onSave={(form) => saving.run(form)}
        onCancel={() => setEditing(null)}
      />
      <TestPaymentModal
        tested={tested}
        onClose={() => setTested(null)}
        onPaid={() => void client.invalidateQueries({ queryKey: adminKeys.payments })}
      />
    </>
  );
}

interface RefundValues {
  via: 'balance' | 'gateway';
  reason: string;
}

function PaymentsPanel() {
  const [refunding, setRefunding] = useState<AdminPaymentRow | null>(null);
  const [refundForm] = Form.useForm<RefundValues>();
  const refund = useAction({
    call: refundPayment,
    success: (r) =>
      `已退款 ${formatYuan(r.amount)}（${r.via === 'balance' ? '退回余额' : `原路退回${r.ref ? `，网关退款单号 ${r.ref}` : ''}`}）`,
    invalidates: [adminKeys.payments],
    onSuccess: () => setRefunding(null),
  });
  const doRefund = (v: RefundValues) => {
    if (refunding) refund.run({ paymentNo: refunding.paymentNo, via: v.via, reason: v.reason.trim() });
  };
  const [status, setStatus] = useState<PaymentStatus | undefined>();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: adminKeys.paymentList(status, keyword, page),
    queryFn: () => unwrap(getPayments({ status, keyword: keyword || undefined, page, pageSize: 20 })),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          placeholder="全部状态"
          style={{ width: 120 }}
          value={status}
          onChange={(v?: PaymentStatus) => {
            setStatus(v);
            setPage(1);
          }}
          options={(Object.keys(PaymentStatusLabels) as PaymentStatus[]).map((k) => ({
            value: k,
            label: PaymentStatusLabels[k],
          }))}
          aria-label="支付状态"
        />
        <Input.Search
          allowClear
          placeholder="支付单号 / 网关流水号 / 订单号"
          style={{ width: 300 }}
          enterButton="搜索"
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
      </Space>
      <Table<AdminPaymentRow>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无支付记录' }}
        pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: '创建时间', dataIndex: 'createdAt', width: 170 },
          { title: '支付单号', dataIndex: 'paymentNo' },
          { title: '用途', dataIndex: 'purpose', render: (p: string, r) => `${PURPOSE_TEXT[p] ?? p} ${r.refNo}` },
          {
            title: '金额',
            dataIndex: 'amount',
            render: (v: number, r) => (
              <span>
                {formatYuan(v)}
                {r.fee > 0 && <Typography.Text type="secondary">（手续费 {formatYuan(r.fee)}）</Typography.Text>}
              </span>
            ),
          },
          { title: '网关', dataIndex: 'gateway', render: (v: string) => payMethodLabel(v) },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: PaymentStatus) => <Tag color={STATUS_COLOR[s]}>{PaymentStatusLabels[s]}</Tag>,
          },
          // A balance payment's reference is the member's internal id: no gateway number to show.
          {
            title: '网关流水号',
            dataIndex: 'tradeNo',
            render: (v: string) => (!v ? '—' : v.startsWith('balance:') ? '余额扣款' : v),
          },
          {
            title: '支付时间',
            dataIndex: 'paidAt',
            render: (v: string, r) => (v ? `${v}（${paidByText(r.paidBy)}）` : '—'),
          },
          {
            title: '操作',
            key: 'op',
            fixed: 'right',
            render: (_v, r) =>
              refundWays(r).length > 0 ? (
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => {
                    refundForm.resetFields();
                    refundForm.setFieldsValue({ via: refundWays(r)[0], reason: '' });
                    setRefunding(r);
                  }}
                >
                  退款
                </Button>
              ) : r.status === 'refunded' ? (
                <Typography.Text type="secondary">已退 {formatYuan(r.refundedAmount)}</Typography.Text>
              ) : null,
          },
        ]}
      />
      <Modal
        open={refunding !== null}
        title="支付单退款"
        okText="确认退款"
        okButtonProps={{ danger: true }}
        cancelText="取消"
        confirmLoading={refund.isPending}
        onOk={() => refundForm.submit()}
        onCancel={() => setRefunding(null)}
        destroyOnHidden
      >
        {refunding && (
          <Form form={refundForm} layout="vertical" onFinish={(v) => void doRefund(v)} preserve={false}>
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title={`将全额退款 ${formatYuan(refunding.amount)}，操作不可撤销`}
              description={
                refunding.purpose === 'order'
                  ? '已用于订单的支付须先在订单中办理退款；重复支付或待退款订单的支付可在此退回。'
                  : refunding.purpose === 'recharge'
                    ? '充值退款会先从会员余额扣回到账金额与赠送金额，余额不足时不能退款。'
                    : undefined
              }
            />
            <Typography.Paragraph>
              支付单号：{refunding.paymentNo}
              <br />
              用途：{PURPOSE_TEXT[refunding.purpose] ?? refunding.purpose} {refunding.refNo}
            </Typography.Paragraph>
            <Form.Item name="via" label="退款方式" rules={[{ required: true, message: '请选择退款方式' }]}>
              <Radio.Group
                options={refundWays(refunding).map((w) => ({
                  value: w,
                  label: w === 'balance' ? '退回会员余额' : '原路退回（通过支付网关）',
                }))}
              />
            </Form.Item>
            <Form.Item
              name="reason"
              label="退款原因"
              rules={[
                { required: true, whitespace: true, message: '请填写退款原因' },
                { max: 200, message: '退款原因不能超过 200 个字符' },
              ]}
            >
              <Input.TextArea rows={3} maxLength={200} showCount />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </>
  );
}

function RechargePanel() {
  const { message } = App.useApp();
  const [form] = Form.useForm<RechargeForm>();
  const current = useQuery({
    queryKey: adminKeys.rechargeSettings,
    queryFn: () => unwrap(getRechargeSettings()),
  });
  useEffect(() => {
    if (current.data) form.setFieldsValue(rechargeToForm(current.data));
  }, [current.data, form]);
  const saving = useAction({
    call: saveRechargeSettings,
    success: '充值设置已保存',
    invalidates: [adminKeys.rechargeSettings],
    onSuccess: (saved) => form.setFieldsValue(rechargeToForm(saved)),
  });
  const save = (v: RechargeForm) => {
    const values = { ...v, tiers: v.tiers ?? [] };
    const problem = rechargeFormProblem(values);
    if (problem) {
      message.error(problem);
      return;
    }
    saving.run(rechargeFormToBody(values));
  };
  const yuanRule = (label: string, min = 0.01) => ({
    validator: (_r: unknown, v: string | undefined) =>
      !v || (/^(0|[1-9]\d{0,9})(\.\d{1,2})?$/.test(v.trim()) && Number(v) >= min)
        ? Promise.resolve()
        : Promise.reject(new Error(`${label}须为不小于 ${min} 的金额，最多两位小数`)),
  });
  return (
    <Spin spinning={current.isLoading}>
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => void save(v)}
        style={{ maxWidth: 640 }}
        initialValues={{ min: '', max: '', tiers: [] }}
      >
        <Space wrap>
          <Form.Item
            name="min"
            label="最低充值金额（元）"
            rules={[{ required: true, message: '请填写最低充值金额' }, yuanRule('最低充值金额')]}
          >
            <Input prefix="¥" inputMode="decimal" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            name="max"
            label="最高充值金额（元）"
            dependencies={['min']}
            rules={[
              { required: true, message: '请填写最高充值金额' },
              yuanRule('最高充值金额'),
              ({ getFieldValue }) => ({
                validator: (_r, v: string | undefined) =>
                  !v || !getFieldValue('min') || Number(v) >= Number(getFieldValue('min'))
                    ? Promise.resolve()
                    : Promise.reject(new Error('最高充值金额须不小于最低充值金额')),
              }),
            ]}
          >
            <Input prefix="¥" inputMode="decimal" style={{ width: 200 }} />
          </Form.Item>
        </Space>
        <Typography.Title level={5}>充值赠送</Typography.Title>
        <Typography.Paragraph type="secondary">
          单次充值达到门槛即赠送对应金额，按达到的最高一档计算，不累加。
        </Typography.Paragraph>
        <Form.List name="tiers">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f, i) => (
                <Space key={f.key} align="baseline" wrap>
                  <Typography.Text type="secondary">第 {i + 1} 档：充值满</Typography.Text>
                  <Form.Item
                    name={[f.name, 'min']}
                    rules={[{ required: true, message: '请填写门槛' }, yuanRule('赠送门槛')]}
                  >
                    <Input prefix="¥" inputMode="decimal" style={{ width: 140 }} aria-label={`第 ${i + 1} 档门槛`} />
                  </Form.Item>
                  <Typography.Text type="secondary">赠送</Typography.Text>
                  <Form.Item
                    name={[f.name, 'bonus']}
                    rules={[{ required: true, message: '请填写赠送金额' }, yuanRule('赠送金额')]}
                  >
                    <Input prefix="¥" inputMode="decimal" style={{ width: 140 }} aria-label={`第 ${i + 1} 档赠送`} />
                  </Form.Item>
                  <Button type="link" danger onClick={() => remove(f.name)}>
                    删除
                  </Button>
                </Space>
              ))}
              <Form.Item>
                <Button
                  type="dashed"
                  onClick={() => add({ min: '', bonus: '' })}
                  disabled={fields.length >= MAX_RECHARGE_TIERS}
                >
                  添加一档（最多 {MAX_RECHARGE_TIERS} 档）
                </Button>
              </Form.Item>
            </>
          )}
        </Form.List>
        <Button type="primary" htmlType="submit" loading={saving.isPending}>
          保存充值设置
        </Button>
      </Form>
    </Spin>
  );
}

function PublicUrlPanel() {
  const [form] = Form.useForm<{ publicUrl: string }>();
  const current = useQuery({
    queryKey: adminKeys.publicUrl,
    queryFn: () => unwrap(getPublicUrl()),
  });
  useEffect(() => {
    if (current.data) form.setFieldsValue({ publicUrl: current.data.publicUrl });
  }, [current.data, form]);
  const saving = useAction({
    call: savePublicUrl,
    success: (r) => (r.publicUrl ? '站点公网地址已保存' : '已清空，将使用访问地址'),
    invalidates: [adminKeys.publicUrl],
    onSuccess: (r) => form.setFieldsValue({ publicUrl: r.publicUrl }),
  });
  const save = (v: { publicUrl: string }) => saving.run((v.publicUrl ?? '').trim());
  return (
    <Spin spinning={current.isLoading}>
      <Form form={form} layout="vertical" onFinish={(v) => void save(v)} style={{ maxWidth: 640 }}>
        <Form.Item
          name="publicUrl"
          label="站点公网地址"
          extra={`支付网关的异步通知（notify_url）与支付后返回（return_url）都使用此地址，须能被网关从公网访问，如 https://shop.example.com；留空则使用当前访问地址${current.data ? `（${current.data.requestOrigin}）` : ''}。`}
          rules={[
            {
              validator: (_r, v: string | undefined) => {
                const p = publicUrlProblem(v ?? '');
                return p ? Promise.reject(new Error(p)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input placeholder="https://shop.example.com" maxLength={200} allowClear />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving.isPending}>
          保存
        </Button>
      </Form>
    </Spin>
  );
}

const VERDICT_TEXT: Record<string, string> = {
  applied: '已入账',
  duplicate: '重复通知',
  not_paid: '未支付',
  invalid_sign: '签名错误',
  unknown_account: '账户不存在',
  unknown_payment: '支付单不存在',
  account_mismatch: '账户不符',
  amount_mismatch: '金额不符',
  error: '处理出错',
};

/** How long notifies are kept (the server sweeps hourly). */
function NotifyRetention() {
  const current = useQuery({
    queryKey: adminKeys.notifyLogSettings,
    queryFn: () => unwrap(getNotifyLogSettings()),
  });
  const save = useAction({ call: saveNotifyLogSettings, success: '保留设置已保存' });
  if (!current.data) return null;
  return (
    <Form
      layout="inline"
      initialValues={current.data}
      onFinish={(v: { days: number; maxRows: number }) => save.run(v)}
      style={{ marginBottom: 16, rowGap: 8 }}
    >
      <Form.Item label="保留天数" name="days" rules={[{ required: true, message: '请输入天数' }]}>
        <InputNumber min={1} max={3650} />
      </Form.Item>
      <Form.Item label="最多保留条数" name="maxRows" rules={[{ required: true, message: '请输入条数' }]}>
        <InputNumber min={1000} max={10000000} step={10000} />
      </Form.Item>
      <Button htmlType="submit" loading={save.isPending}>
        保存保留设置
      </Button>
    </Form>
  );
}

/** How a payment became paid, in Chinese: the gateway's notify, an active query, the balance, the simulated cashier. */
function paidByText(paidBy: string): string {
  if (paidBy.startsWith('notify')) return '网关通知';
  if (paidBy === 'query') return '主动查询';
  if (paidBy === 'sandbox') return '模拟支付';
  return payMethodLabel(paidBy) || '—';
}

function NotifyPanel() {
  const [paymentNo, setPaymentNo] = useState('');
  const [page, setPage] = useState(1);
  const logs = useQuery({
    queryKey: adminKeys.notifyLogs(paymentNo, page),
    queryFn: () => unwrap(getNotifyLogs({ paymentNo: paymentNo || undefined, page, pageSize: 20 })),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <NotifyRetention />
      <Input.Search
        allowClear
        placeholder="按支付单号筛选"
        style={{ width: 300, marginBottom: 16 }}
        enterButton="搜索"
        onSearch={(v) => {
          setPaymentNo(v.trim());
          setPage(1);
        }}
      />
      <Table<NotifyLogRow>
        rowKey="id"
        size="small"
        loading={logs.isFetching}
        dataSource={logs.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无回调记录' }}
        pagination={{ current: page, pageSize: 20, total: logs.data?.total ?? 0, onChange: setPage }}
        expandable={{
          expandedRowRender: (r) => (
            <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {JSON.stringify(r.params, null, 2)}
            </pre>
          ),
        }}
        columns={[
          { title: '时间', dataIndex: 'createdAt', width: 170 },
          { title: '网关', dataIndex: 'gateway', render: (v: string) => payMethodLabel(v) },
          { title: '方式', dataIndex: 'method' },
          { title: '支付单号', dataIndex: 'paymentNo', render: (v: string) => v || '—' },
          {
            title: '结果',
            dataIndex: 'verdict',
            render: (v: string) => (
              <Tag color={v === 'applied' ? 'green' : v === 'duplicate' || v === 'not_paid' ? 'default' : 'red'}>
                {VERDICT_TEXT[v] ?? v}
              </Tag>
            ),
          },
          { title: '说明', dataIndex: 'error', render: (v: string) => v || '—' },
          { title: 'IP', dataIndex: 'ip' },
        ]}
      />
    </>
  );
}

/** 支付配置：支付账户（密钥只写）、启停、终端、费率与测试，支付记录（退款）与回调日志，充值设置，站点公网地址。 */
export default function PaymentsPage() {
  const meta = useRouteMeta();
  return (
    <PageFrame title="支付配置" description={meta?.description}>
      <Card>
        <Tabs
          items={[
            { key: 'accounts', label: '支付账户', children: <AccountsPanel /> },
            { key: 'payments', label: '支付记录', children: <PaymentsPanel /> },
            { key: 'notify', label: '回调日志', children: <NotifyPanel /> },
            { key: 'recharge', label: '充值设置', children: <RechargePanel /> },
            { key: 'public-url', label: '回调地址', children: <PublicUrlPanel /> },
          ]}
        />
      </Card>
    </PageFrame>
  );
}
