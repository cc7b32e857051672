import { useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  SUPPLIER_STATUSES,
  SupplierStatusLabels,
  TIMEOUT_ACTIONS,
  TimeoutActionLabels,
  memberText,
  type AdminSupplierRow,
  type SupplierAction,
  type SupplierStatus,
  type SupplySettings,
} from '@kapu/contract';
import { adminSupplyKeys } from '@/api/keys';
import {
  adminDecideSupplier,
  adminSaveSupplySettings,
  adminSuppliers,
  adminSupplierTerms,
  adminSupplySettings,
} from '@/api/supply';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { useLayoutStore } from '@/app/stores/layout-store';
import { PageFrame } from '@/components/page-frame';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';

const COLORS: Record<SupplierStatus, string> = {
  pending: 'processing',
  active: 'success',
  rejected: 'default',
  suspended: 'error',
};
const ACTION_TITLES: Record<SupplierAction, string> = {
  approve: '通过申请',
  reject: '驳回申请',
  suspend: '暂停供货',
  reinstate: '恢复供货',
};

/** 供货设置：新供货商的默认佣金与结算周期，发货任务的接单时限与超时处理。 */
function SettingsCard() {
  const [form] = Form.useForm<SupplySettings>();
  const settings = useQuery({ queryKey: adminSupplyKeys.settings, queryFn: () => unwrap(adminSupplySettings()) });
  const save = useAction({
    call: adminSaveSupplySettings,
    success: '供货设置已保存',
    invalidates: [adminSupplyKeys.settings],
  });
  return (
    <Card title="供货设置" loading={settings.isPending} style={{ marginBottom: 16 }}>
      {settings.data && (
        <Form
          name="supply-settings"
          form={form}
          layout="inline"
          initialValues={{ ...settings.data, defaultCommissionBp: settings.data.defaultCommissionBp / 100 }}
          onFinish={(v) => save.run({ ...v, defaultCommissionBp: Math.round(Number(v.defaultCommissionBp) * 100) })}
        >
          <Form.Item label="默认佣金（%）" name="defaultCommissionBp" rules={[{ required: true, message: '请填写' }]}>
            <InputNumber min={0} max={100} step={0.5} precision={2} style={{ width: 100 }} />
          </Form.Item>
          <Form.Item label="结算周期 T+" name="holdDays" rules={[{ required: true, message: '请填写' }]}>
            <InputNumber min={0} max={90} addonAfter="天" style={{ width: 120 }} />
          </Form.Item>
          <Form.Item label="接单时限" name="taskTimeoutHours" rules={[{ required: true, message: '请填写' }]}>
            <InputNumber min={1} max={720} addonAfter="小时" style={{ width: 140 }} />
          </Form.Item>
          <Form.Item label="超时处理" name="timeoutAction">
            <Select
              style={{ width: 140 }}
              options={TIMEOUT_ACTIONS.map((a) => ({ value: a, label: TimeoutActionLabels[a] }))}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
        </Form>
      )}
    </Card>
  );
}

interface Deciding {
  row: AdminSupplierRow;
  action: SupplierAction | 'terms';
}

function DecideModal({ deciding, onClose }: { deciding: Deciding; onClose: () => void }) {
  const [form] = Form.useForm<{ reason?: string; commission?: number; holdDays?: number }>();
  const settings = useQuery({ queryKey: adminSupplyKeys.settings, queryFn: () => unwrap(adminSupplySettings()) });
  const decide = useAction({
    call: adminDecideSupplier,
    success: '已处理',
    invalidates: [adminSupplyKeys.all],
    onSuccess: onClose,
  });
  const terms = useAction({
    call: adminSupplierTerms,
    success: '佣金与结算周期已更新',
    invalidates: [adminSupplyKeys.all],
    onSuccess: onClose,
  });
  const { row, action } = deciding;
  const needsTerms = action === 'approve' || action === 'terms';
  const needsReason = action === 'reject' || action === 'suspend';
  const defaults =
    action === 'terms'
      ? { commission: row.commissionBp / 100, holdDays: row.holdDays }
      : { commission: (settings.data?.defaultCommissionBp ?? 500) / 100, holdDays: settings.data?.holdDays ?? 3 };
  return (
    <Modal
      open
      title={`${action === 'terms' ? '佣金与结算周期' : ACTION_TITLES[action]}：${memberText(row.member)}`}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={decide.isPending || terms.isPending}
      okButtonProps={{ danger: needsReason }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        联系方式：{row.contact}
        <br />
        经营内容：{row.intro}
      </Typography.Paragraph>
      {(!needsTerms || settings.data) && (
        <Form
          name="supplier-decide"
          form={form}
          layout="vertical"
          initialValues={defaults}
          onFinish={(v) => {
            const commissionBp = Math.round(Number(v.commission ?? 0) * 100);
            if (action === 'terms') terms.run({ id: row.id, commissionBp, holdDays: v.holdDays ?? 0 });
            else
              decide.run({
                id: row.id,
                action,
                reason: v.reason,
                ...(needsTerms ? { commissionBp, holdDays: v.holdDays } : {}),
              });
          }}
        >
          {needsTerms && (
            <Space size="large">
              <Form.Item
                label="平台佣金（%）"
                name="commission"
                rules={[{ required: true, message: '请填写佣金' }]}
                extra="按供货价计，四舍五入到分"
              >
                <InputNumber min={0} max={100} step={0.5} precision={2} />
              </Form.Item>
              <Form.Item label="结算周期 T+N（天）" name="holdDays" rules={[{ required: true, message: '请填写天数' }]}>
                <InputNumber min={0} max={90} />
              </Form.Item>
            </Space>
          )}
          {needsReason && (
            <Form.Item label="原因（供货商可见）" name="reason" rules={[{ required: true, message: '请填写原因' }]}>
              <Input.TextArea rows={3} maxLength={200} />
            </Form.Item>
          )}
          {action === 'suspend' && <Typography.Text type="warning">暂停后该供货商在售的商品全部下架。</Typography.Text>}
        </Form>
      )}
    </Modal>
  );
}

/** 供货商管理：申请审核、佣金与结算周期、暂停与恢复；供货设置。 */
export default function SuppliersPage() {
  const meta = useRouteMeta();
  const isMobile = useLayoutStore((s) => s.isMobile);
  const [query, setQuery] = useState<{ status?: SupplierStatus; keyword?: string; page: number; pageSize: number }>({
    page: 1,
    pageSize: 20,
  });
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const list = useQuery({
    queryKey: adminSupplyKeys.suppliers(query),
    queryFn: () => unwrap(adminSuppliers(query)),
    placeholderData: keepPreviousData,
  });
  return (
    <PageFrame title="供货商管理" description={meta?.description}>
      <SettingsCard />
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Select
            allowClear
            placeholder="状态"
            style={{ width: 120 }}
            options={SUPPLIER_STATUSES.map((s) => ({ value: s, label: SupplierStatusLabels[s] }))}
            onChange={(status?: SupplierStatus) => setQuery((q) => ({ ...q, status, page: 1 }))}
          />
          <Input.Search
            allowClear
            placeholder="会员编号、登录名或联系方式"
            enterButton="搜索"
            style={{ width: 300 }}
            onSearch={(v) => setQuery((q) => ({ ...q, keyword: v.trim() || undefined, page: 1 }))}
          />
        </Space>
        <Table<AdminSupplierRow>
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: query.status || query.keyword ? '没有符合条件的供货商' : '还没有会员申请成为供货商' }}
          scroll={isMobile ? undefined : { x: 'max-content' }}
          size={isMobile ? 'small' : 'middle'}
          pagination={{
            current: query.page,
            pageSize: query.pageSize,
            total: list.data?.total ?? 0,
            showTotal: (t) => `共 ${t} 个`,
            onChange: (page, pageSize) => setQuery((q) => ({ ...q, page, pageSize })),
          }}
          columns={[
            { title: '会员', dataIndex: 'member', render: (_: unknown, r) => memberText(r.member) },
            { title: '联系方式', dataIndex: 'contact' },
            { title: '经营内容', dataIndex: 'intro', render: (v: string) => <div style={{ maxWidth: 240 }}>{v}</div> },
            {
              title: '状态',
              dataIndex: 'statusText',
              render: (v: string, r) => (
                <Space direction="vertical" size={0}>
                  <Tag color={COLORS[r.status]}>{v}</Tag>
                  {r.reason && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {r.reason}
                    </Typography.Text>
                  )}
                </Space>
              ),
            },
            {
              title: '佣金 / 周期',
              key: 'terms',
              render: (_: unknown, r) =>
                r.status === 'pending' || r.status === 'rejected' ? '—' : `${r.commissionBp / 100}% / T+${r.holdDays}`,
            },
            { title: '商品数', dataIndex: 'goodsCount', align: 'right' },
            { title: '冻结中', dataIndex: 'frozen', align: 'right', render: (v: number) => formatYuan(v) },
            { title: '已入账', dataIndex: 'released', align: 'right', render: (v: number) => formatYuan(v) },
            { title: '申请时间', dataIndex: 'appliedAt' },
            {
              title: '操作',
              key: 'actions',
              render: (_: unknown, r) => (
                <Space wrap>
                  {r.status === 'pending' && (
                    <>
                      <Button type="primary" size="small" onClick={() => setDeciding({ row: r, action: 'approve' })}>
                        通过
                      </Button>
                      <Button size="small" onClick={() => setDeciding({ row: r, action: 'reject' })}>
                        驳回
                      </Button>
                    </>
                  )}
                  {r.status === 'active' && (
                    <>
                      <Button size="small" onClick={() => setDeciding({ row: r, action: 'terms' })}>
                        佣金与周期
                      </Button>
                      <Button danger size="small" onClick={() => setDeciding({ row: r, action: 'suspend' })}>
                        暂停
                      </Button>
                    </>
                  )}
                  {r.status === 'suspended' && (
                    <Button size="small" onClick={() => setDeciding({ row: r, action: 'reinstate' })}>
                      恢复
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {deciding && <DecideModal deciding={deciding} onClose={() => setDeciding(null)} />}
    </PageFrame>
  );
}
