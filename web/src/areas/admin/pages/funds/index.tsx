import { type LedgerEntry, type MemberLabel, memberText } from '@kapu/contract';
import { useState } from 'react';
import { App, Button, Card, Col, Form, Input, Row, Space, Table, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminAdjustBalance, adminLedger } from '@/api/funds';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { Access } from '@/app/guards/access';
import { PageFrame } from '@/components/page-frame';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { adminKeys } from '@/api/keys';

interface AdjustForm {
  member: string;
  amount: string;
  reason: string;
}

/** 资金管理：全站资金流水（可按会员筛选）与带原因的余额调整。 */
export default function FundsPage() {
  const meta = useRouteMeta();
  const { modal } = App.useApp();
  const [form] = Form.useForm<AdjustForm>();
  const [member, setMember] = useState<string>();
  const [page, setPage] = useState(1);
  const ledger = useQuery({
    queryKey: adminKeys.ledgerList(member, page),
    queryFn: () => unwrap(adminLedger({ member, page, pageSize: 20 })),
    placeholderData: keepPreviousData,
  });

  const adjustment = useAction({
    call: adminAdjustBalance,
    success: (r) => `已调整，会员当前余额 ${formatYuan(r.balance)}`,
    invalidates: [adminKeys.ledger],
    onSuccess: (_r, input) => {
      form.resetFields(['amount', 'reason']);
      setMember(input.member);
    },
  });
  const adjust = (v: AdjustForm) =>
    modal.confirm({
      title: '确认调整余额',
      content: `会员 ${v.member.trim()} ${v.amount.startsWith('-') ? '扣减' : '增加'} ¥${v.amount.replace(/^-/, '')}，原因：${v.reason}`,
      // act, not confirm: on a refusal (e.g. 会员不存在, shown as a toast) the dialog closes and the form keeps its values.
      onOk: () => adjustment.act({ member: v.member.trim(), amount: v.amount.trim(), reason: v.reason.trim() }),
    });

  return (
    <PageFrame title="资金管理" description={meta?.description}>
      <Row gutter={16}>
        <Access codes={['funds.manage']}>
          <Col xs={24} lg={8}>
            <Card title="调整余额" style={{ marginBottom: 16 }}>
              <Form<AdjustForm> form={form} layout="vertical" onFinish={adjust}>
                <Form.Item
                  label="会员"
                  name="member"
                  rules={[
                    { required: true, whitespace: true, message: '请输入会员编号或登录名' },
                    { pattern: /^[\w.@-]{1,32}$/, message: '会员编号或登录名格式不正确' },
                  ]}
                >
                  <Input placeholder="会员编号或登录名" maxLength={32} />
                </Form.Item>
                <Form.Item
                  label="调整金额（元）"
                  name="amount"
                  rules={[
                    { required: true, message: '请输入调整金额' },
                    { pattern: /^-?(0|[1-9]\d{0,9})(\.\d{1,2})?$/, message: '金额最多两位小数' },
                    {
                      validator: (_r, v?: string) =>
                        v && Number(v) === 0 ? Promise.reject(new Error('调整金额不能为 0')) : Promise.resolve(),
                    },
                  ]}
                  extra="正数增加余额，负数扣减（扣减后不能为负）"
                >
                  <Input prefix="¥" placeholder="如 100 或 -20.50" />
                </Form.Item>
                <Form.Item
                  label="调整原因"
                  name="reason"
                  rules={[
                    { required: true, message: '请填写调整原因' },
                    { max: 200 },
                    { pattern: /^[^<>]*$/, message: '不能包含 < 或 >' },
                  ]}
                >
                  <Input.TextArea rows={2} maxLength={200} />
                </Form.Item>
                <Button type="primary" htmlType="submit" block>
                  提交调整
                </Button>
              </Form>
            </Card>
          </Col>
        </Access>
        <Col xs={24} lg={16}>
          <Card title="资金流水">
            <Space style={{ marginBottom: 16 }}>
              <Input.Search
                allowClear
                placeholder="会员编号或登录名"
                style={{ width: 220 }}
                onSearch={(v) => {
                  setMember(v.trim() || undefined);
                  setPage(1);
                }}
              />
              {member && <Typography.Text type="secondary">当前：会员 {member}</Typography.Text>}
            </Space>
            <Table<LedgerEntry>
              rowKey="id"
              size="small"
              loading={ledger.isFetching}
              dataSource={ledger.data?.list ?? []}
              scroll={{ x: 'max-content' }}
              pagination={{
                current: page,
                pageSize: 20,
                total: ledger.data?.total ?? 0,
                onChange: setPage,
                showSizeChanger: false,
                showTotal: (t) => `共 ${t} 条`,
              }}
              columns={[
                { title: '时间', dataIndex: 'createdAt', width: 170 },
                { title: '会员', dataIndex: 'member', render: (v: MemberLabel | null | undefined) => memberText(v) },
                { title: '类型', dataIndex: 'typeText' },
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
                { title: '余额', dataIndex: 'balanceAfter', render: (v: number) => formatYuan(v) },
                // A staff adjustment's reference is the operator, shown in its own column.
                {
                  title: '关联',
                  dataIndex: 'refId',
                  render: (v: string, e) => (e.refType === 'staff' ? '—' : v || '—'),
                },
                { title: '说明', dataIndex: 'memo' },
                { title: '操作人', dataIndex: 'operator', render: (v?: string) => v || '—' },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </PageFrame>
  );
}
