import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Row,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { getReconcileReport } from '@/api/admin-withdrawals';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { LoadFailed } from '@/components/load-failed';
import { PageFrame } from '@/components/page-frame';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { adminKeys } from '@/api/keys';

function Flag({ mismatch }: { mismatch: boolean }) {
  return mismatch ? <Tag color="red">不一致</Tag> : <Tag color="green">一致</Tag>;
}

const money = (v: number) => formatYuan(v);
const diff = (v: number) => <Typography.Text type={v === 0 ? undefined : 'danger'}>{formatYuan(v)}</Typography.Text>;

/** 对账报表：某日的流水与余额、提现、在线收款核对，不一致时标红并列出会员与单据。 */
export default function ReconcilePage() {
  const meta = useRouteMeta();
  const [day, setDay] = useState<Dayjs>(() => dayjs());
  const date = day.format('YYYY-MM-DD');
  const report = useQuery({
    queryKey: adminKeys.reconcile(date),
    queryFn: () => unwrap(getReconcileReport(date)),
  });
  const r = report.data;
  return (
    <PageFrame
      title="对账报表"
      description={meta?.description}
      extra={
        <Space wrap>
          <DatePicker
            value={day}
            allowClear={false}
            onChange={(d) => d && setDay(d)}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            aria-label="对账日期"
          />
          <Button icon={<ReloadOutlined />} onClick={() => void report.refetch()} loading={report.isFetching}>
            重新核对
          </Button>
        </Space>
      }
    >
      {report.isError && (
        <Card>
          <LoadFailed onRetry={() => void report.refetch()} />
        </Card>
      )}
      {report.isLoading && <Card loading />}
      {r && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          {r.mismatch ? (
            <Alert
              type="error"
              showIcon
              title={`${r.day} 对账不一致`}
              description="下方标红的项目需要核查：相关会员、提现单与支付单已列出。"
              data-testid="reconcile-flag"
            />
          ) : (
            <Alert
              type="success"
              showIcon
              title={`${r.day} 对账一致`}
              description="流水合计与余额合计相符，提现与在线收款均已对上。"
              data-testid="reconcile-flag"
            />
          )}
          <Card
            title={
              <Space>
                全站余额与流水 <Flag mismatch={r.overall.mismatch} />
              </Space>
            }
          >
            <Row gutter={[16, 16]}>
              <Col xs={12} md={6}>
                <Statistic title="余额合计" value={money(r.overall.balanceTotal)} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title="流水合计" value={money(r.overall.ledgerTotal)} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic
                  title="差额"
                  value={money(r.overall.difference)}
                  styles={{ content: r.overall.difference ? { color: '#cf1322' } : undefined }}
                />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title="平台负债（余额 + 待打款）" value={money(r.withdrawals.liability)} />
              </Col>
            </Row>
            {r.overall.mismatchedUsers.length > 0 && (
              <Table
                style={{ marginTop: 16 }}
                size="small"
                rowKey="userId"
                title={() => (
                  <Typography.Text type="danger">
                    余额与流水合计不符的会员{r.overall.moreMismatchedUsers ? '（仅列出前 100 个）' : ''}
                  </Typography.Text>
                )}
                dataSource={r.overall.mismatchedUsers}
                pagination={false}
                scroll={{ x: 'max-content' }}
                columns={[
                  { title: '会员编号', dataIndex: 'userNo' },
                  { title: '登录名', dataIndex: 'loginName' },
                  { title: '余额', dataIndex: 'balance', render: (v: number) => money(v ?? 0) },
                  { title: '流水合计', dataIndex: 'ledgerSum', render: money },
                  { title: '差额', dataIndex: 'difference', render: diff },
                ]}
              />
            )}
          </Card>
          <Card
            title={
              <Space>
                当日流水 <Flag mismatch={r.daily.mismatch} />
              </Space>
            }
          >
            <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} bordered>
              <Descriptions.Item label="期初流水合计">{money(r.daily.openingLedger)}</Descriptions.Item>
              <Descriptions.Item label="当日净变动">{money(r.daily.netChange)}</Descriptions.Item>
              <Descriptions.Item label="期末流水合计">{money(r.daily.closingLedger)}</Descriptions.Item>
              <Descriptions.Item label="期末余额（按流水链）">{money(r.daily.closingBalances)}</Descriptions.Item>
              <Descriptions.Item label="差额">{diff(r.daily.difference)}</Descriptions.Item>
              <Descriptions.Item label="转账转入 + 转出">{diff(r.daily.transferNet)}</Descriptions.Item>
            </Descriptions>
            <Table
              style={{ marginTop: 16 }}
              size="small"
              rowKey="type"
              dataSource={r.daily.byType}
              pagination={false}
              locale={{ emptyText: '当日没有资金流水' }}
              columns={[
                { title: '类型', dataIndex: 'typeText' },
                { title: '笔数', dataIndex: 'count' },
                { title: '金额', dataIndex: 'amount', render: money },
              ]}
            />
            {r.daily.mismatchedUsers.length > 0 && (
              <Table
                style={{ marginTop: 16 }}
                size="small"
                rowKey="userId"
                title={() => (
                  <Typography.Text type="danger">流水链断开的会员（最后一条的变动后余额 ≠ 流水合计）</Typography.Text>
                )}
                dataSource={r.daily.mismatchedUsers}
                pagination={false}
                columns={[
                  { title: '会员编号', dataIndex: 'userNo' },
                  { title: '登录名', dataIndex: 'loginName' },
                  { title: '流水合计', dataIndex: 'ledgerSum', render: money },
                  { title: '最后变动后余额', dataIndex: 'lastBalanceAfter', render: (v: number) => money(v ?? 0) },
                  { title: '差额', dataIndex: 'difference', render: diff },
                ]}
              />
            )}
          </Card>
          <Card
            title={
              <Space>
                提现 <Flag mismatch={r.withdrawals.mismatch} />
              </Space>
            }
          >
            <Row gutter={[16, 16]}>
              <Col xs={12} md={8}>
                <Statistic title="待打款笔数" value={r.withdrawals.pendingCount} />
              </Col>
              <Col xs={12} md={8}>
                <Statistic title="待打款金额" value={money(r.withdrawals.pendingAmount)} />
              </Col>
            </Row>
            <Table
              style={{ marginTop: 16 }}
              size="small"
              rowKey="status"
              dataSource={r.withdrawals.handledOnDay}
              pagination={false}
              locale={{ emptyText: '当日没有处理提现' }}
              columns={[
                {
                  title: '当日处理',
                  dataIndex: 'status',
                  render: (s: string) => ({ approved: '已打款', rejected: '已驳回', cancelled: '已取消' })[s] ?? s,
                },
                { title: '笔数', dataIndex: 'count' },
                { title: '金额', dataIndex: 'amount', render: money },
                { title: '手续费', dataIndex: 'fee', render: money },
              ]}
            />
            {r.withdrawals.mismatchedWithdrawals.length > 0 && (
              <Table
                style={{ marginTop: 16 }}
                size="small"
                rowKey="withdrawNo"
                title={() => <Typography.Text type="danger">流水与状态不符的提现单</Typography.Text>}
                dataSource={r.withdrawals.mismatchedWithdrawals}
                pagination={false}
                columns={[
                  { title: '提现单号', dataIndex: 'withdrawNo' },
                  { title: '状态', dataIndex: 'status' },
                  { title: '金额', dataIndex: 'amount', render: money },
                  { title: '流水净额', dataIndex: 'ledgerNet', render: diff },
                ]}
              />
            )}
          </Card>
          <Card title={<Space>在线收款 {r.payments.available && <Flag mismatch={r.payments.mismatch} />}</Space>}>
            {!r.payments.available ? (
              <Typography.Text type="secondary">{r.payments.reason}</Typography.Text>
            ) : (
              <>
                <Row gutter={[16, 16]}>
                  <Col xs={12} md={6}>
                    <Statistic title="网关实收（不含手续费）" value={money(r.payments.received)} />
                  </Col>
                  <Col xs={12} md={6}>
                    <Statistic title="订单在线支付" value={money(r.payments.ordersPaid)} />
                  </Col>
                  <Col xs={12} md={6}>
                    <Statistic title="在线充值" value={money(r.payments.rechargesPaid)} />
                  </Col>
                  <Col xs={12} md={6}>
                    <Statistic
                      title="差额"
                      value={money(r.payments.difference)}
                      styles={{ content: r.payments.difference ? { color: '#cf1322' } : undefined }}
                    />
                  </Col>
                </Row>
                <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
                  充值赠送 {money(r.payments.rechargeBonus)}，当日充值入账流水 {money(r.payments.rechargeLedger)}。
                </Typography.Paragraph>
                {r.payments.unmatchedPayments.length > 0 && (
                  <Table
                    size="small"
                    rowKey="paymentNo"
                    title={() => <Typography.Text type="danger">未对上订单或充值的支付单</Typography.Text>}
                    dataSource={r.payments.unmatchedPayments}
                    pagination={false}
                    columns={[
                      { title: '支付单号', dataIndex: 'paymentNo' },
                      {
                        title: '用途',
                        dataIndex: 'purpose',
                        render: (p: string) => (p === 'order' ? '订单' : p === 'recharge' ? '充值' : p),
                      },
                      { title: '金额', dataIndex: 'amount', render: money },
                    ]}
                  />
                )}
              </>
            )}
          </Card>
        </Space>
      )}
    </PageFrame>
  );
}
