import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  Progress,
  Result,
  Row,
  Segmented,
  Space,
  Statistic,
  Table,
  Typography,
} from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { LedgerEntry, TransferPreview, TransferResult } from '@kapu/contract';
import { getLedger } from '@/api/funds';
import { getTransferConfig, previewTransfer, transferMoney } from '@/api/transfer';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { PageFrame } from '@/components/page-frame';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { yuanToFen } from '@/areas/pay/lib/money';
import { useSalePwdRequired } from '@/hooks/use-sale-pwd';
import { todayUsedPercent, transferAmountProblem } from '../../lib/transfer-limits';
import '../../lib/funds-pages.css';
import { accountKeys, fundsKeys } from '@/api/keys';
import { useAction } from '@/hooks/use-action';

type Step = 'receiver' | 'amount' | 'done';
interface AmountForm {
  amount: string;
  memo?: string;
  salePwd?: string;
}

/** The member's limits and today's usage, counted by the server from the rows its limits check. */
function useTransferConfig() {
  return useQuery({
    queryKey: fundsKeys.transferConfig,
    queryFn: () => unwrap(getTransferConfig(), { toast: false }),
  });
}

/** 余额转账：按会员编号或登录名找到收款人，核对打码姓名后输入金额与交易密码转出。 */
export default function TransMoneyPage() {
  const meta = useRouteMeta();
  const [step, setStep] = useState<Step>('receiver');
  const [receiver, setReceiver] = useState('');
  const [preview, setPreview] = useState<TransferPreview | null>(null);
  const [result, setResult] = useState<TransferResult | null>(null);
  const [form] = Form.useForm<AmountForm>();
  const salePwd = useSalePwdRequired('transfer');
  const limits = useTransferConfig();
  const cfg = limits.data;
  const [direction, setDirection] = useState<'transfer_out' | 'transfer_in'>('transfer_out');
  const [page, setPage] = useState(1);
  const history = useQuery({
    queryKey: fundsKeys.transfers(direction, page),
    queryFn: () => unwrap(getLedger(page, 10, { type: direction })),
    placeholderData: keepPreviousData,
  });

  const lookUp = useAction({
    call: (name: string) => previewTransfer(name),
    onSuccess: (p, name) => {
      setReceiver(name);
      setPreview(p);
      setStep('amount');
    },
  });
  const findReceiver = (values: { receiver: string }) => lookUp.run(values.receiver.trim());

  const transfer = useAction({
    call: transferMoney,
    invalidates: [fundsKeys.ledger, accountKeys.account],
    onSuccess: (r) => {
      setResult(r);
      setStep('done');
    },
  });
  const send = (values: AmountForm) =>
    transfer.run({
      receiver,
      amount: values.amount.trim(),
      memo: values.memo?.trim() || undefined,
      salePwd: salePwd.required ? values.salePwd : undefined,
    });
  const busy = lookUp.isPending || transfer.isPending;

  const restart = () => {
    setStep('receiver');
    setPreview(null);
    setResult(null);
    form.resetFields();
  };

  return (
    <PageFrame title="余额转账" description={meta?.description}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card title="转账">
            {step === 'receiver' && (
              <Form
                layout="vertical"
                onFinish={(v: { receiver: string }) => void findReceiver(v)}
                initialValues={{ receiver }}
              >
                <Form.Item
                  name="receiver"
                  label="收款会员"
                  extra="输入对方的会员编号或登录名"
                  rules={[
                    { required: true, whitespace: true, message: '请输入收款会员编号或登录名' },
                    { pattern: /^[\w.@-]{1,32}$/, message: '收款会员编号或登录名格式不正确' },
                  ]}
                >
                  <Input placeholder="会员编号或登录名" maxLength={32} autoComplete="off" />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={busy}>
                  下一步
                </Button>
              </Form>
            )}
            {step === 'amount' && preview && (
              <Space orientation="vertical" style={{ width: '100%' }} size="middle">
                <Alert
                  type="info"
                  showIcon
                  title="请核对收款人"
                  description="确认姓名与您要转给的人一致后再转账，转出后不能撤回。"
                />
                <Descriptions column={1} bordered size="small" className="funds-receiver">
                  <Descriptions.Item label="会员编号">{preview.userNo}</Descriptions.Item>
                  <Descriptions.Item label="收款人">
                    <Typography.Text strong data-testid="masked-name">
                      {preview.maskedName}
                    </Typography.Text>
                  </Descriptions.Item>
                </Descriptions>
                <Form form={form} layout="vertical" onFinish={(v) => void send(v)}>
                  <Form.Item
                    name="amount"
                    label="转账金额（元）"
                    rules={[
                      { required: true, message: '请输入转账金额' },
                      {
                        validator: (_r, v: string) =>
                          !v || (yuanToFen(v) ?? 0) > 0
                            ? Promise.resolve()
                            : Promise.reject(new Error('请输入大于 0 的金额，最多两位小数')),
                      },
                      {
                        validator: (_r, v: string) => {
                          const fen = yuanToFen(v);
                          const problem = cfg && fen ? transferAmountProblem(cfg, fen) : null;
                          return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                        },
                      },
                    ]}
                  >
                    <Input inputMode="decimal" prefix="¥" placeholder="0.00" autoComplete="off" />
                  </Form.Item>
                  <Form.Item
                    name="memo"
                    label="备注（选填）"
                    rules={[{ max: 50, message: '转账备注不能超过 50 个字符' }]}
                  >
                    <Input maxLength={50} />
                  </Form.Item>
                  {salePwd.required && (
                    <Form.Item
                      name="salePwd"
                      label="交易密码"
                      rules={[{ required: true, pattern: /^\d{6}$/, message: '请输入 6 位数字交易密码' }]}
                    >
                      <Input.Password maxLength={6} inputMode="numeric" autoComplete="off" />
                    </Form.Item>
                  )}
                  {salePwd.notSet && (
                    <Alert
                      type="warning"
                      showIcon
                      style={{ marginBottom: 16 }}
                      title="转账需要交易密码"
                      description={<Link to="/inside/inter/myaccount">请先设置交易密码</Link>}
                    />
                  )}
                  <Space wrap>
                    <Button onClick={restart}>返回修改</Button>
                    <Button type="primary" htmlType="submit" loading={busy}>
                      确认转账
                    </Button>
                  </Space>
                </Form>
              </Space>
            )}
            {step === 'done' && result && preview && (
              <Result
                status="success"
                title="转账成功"
                subTitle={`已向 ${preview.maskedName}（${preview.userNo}）转账 ${formatYuan(result.amount)}，当前余额 ${formatYuan(result.balance)}`}
                extra={[
                  <Button key="again" type="primary" onClick={restart}>
                    继续转账
                  </Button>,
                  <Link key="ledger" to="/inside/accountmoney">
                    <Button>查看资金明细</Button>
                  </Link>,
                ]}
              >
                <Typography.Paragraph type="secondary">
                  转账单号：{result.transferNo} · 时间：{result.createdAt}
                </Typography.Paragraph>
              </Result>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title="转账限额与今日使用">
            {cfg && !cfg.enabled && (
              <Alert type="warning" showIcon style={{ marginBottom: 12 }} title="转账功能已关闭" />
            )}
            <Row gutter={[16, 16]}>
              <Col span={12}>
                <Statistic
                  title="今日已转出"
                  value={cfg ? formatYuan(cfg.todayAmount) : '—'}
                  loading={limits.isLoading}
                />
              </Col>
              <Col span={12}>
                <Statistic
                  title="今日转账次数"
                  value={cfg ? `${cfg.todayCount} / ${cfg.dailyCount}` : '—'}
                  suffix={cfg ? '次' : undefined}
                  loading={limits.isLoading}
                />
              </Col>
            </Row>
            {cfg && (
              <>
                <Progress
                  percent={todayUsedPercent(cfg)}
                  size="small"
                  style={{ marginTop: 12 }}
                  aria-label="今日额度已用"
                />
                <Descriptions column={1} size="small" style={{ marginTop: 8 }} data-testid="transfer-limits">
                  <Descriptions.Item label="单笔最低">{formatYuan(cfg.min)}</Descriptions.Item>
                  <Descriptions.Item label="每日额度">
                    {formatYuan(cfg.dailyAmount)}（今日还可转 {formatYuan(cfg.remainingAmount)}）
                  </Descriptions.Item>
                  <Descriptions.Item label="每日次数">
                    {cfg.dailyCount} 次（今日还剩 {cfg.remainingCount} 次）
                  </Descriptions.Item>
                  <Descriptions.Item label="当前余额">{formatYuan(cfg.balance)}</Descriptions.Item>
                </Descriptions>
              </>
            )}
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              转账{salePwd.required ? '需要' : '不需要'}交易密码；转出后不能撤回。
            </Typography.Paragraph>
          </Card>
        </Col>
      </Row>
      <Card
        title="转账记录"
        style={{ marginTop: 16 }}
        extra={
          <Segmented
            value={direction}
            onChange={(v) => {
              setDirection(v as typeof direction);
              setPage(1);
            }}
            options={[
              { value: 'transfer_out', label: '转出' },
              { value: 'transfer_in', label: '转入' },
            ]}
          />
        }
      >
        <Table<LedgerEntry>
          rowKey="id"
          size="small"
          loading={history.isFetching}
          dataSource={history.data?.list ?? []}
          locale={{ emptyText: direction === 'transfer_out' ? '暂无转出记录' : '暂无转入记录' }}
          scroll={{ x: 'max-content' }}
          pagination={{ current: page, pageSize: 10, total: history.data?.total ?? 0, onChange: setPage }}
          columns={[
            { title: '时间', dataIndex: 'createdAt', width: 170 },
            {
              title: '金额',
              dataIndex: 'amount',
              render: (v: number) => (
                <Typography.Text type={v < 0 ? 'danger' : 'success'}>
                  {v > 0 ? '+' : ''}
                  {formatYuan(v)}
                </Typography.Text>
              ),
            },
            { title: '转账单号', dataIndex: 'refId' },
            { title: '说明', dataIndex: 'memo' },
          ]}
        />
      </Card>
    </PageFrame>
  );
}
