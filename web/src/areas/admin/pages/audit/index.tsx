import { useState } from 'react';
import { Button, Card, DatePicker, Form, Input, InputNumber, Select, Table } from 'antd';
import { AUDIT_ACTION_LABELS, type AuditEntry } from '@kapu/contract';
import type { Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { listAudit } from '@/api/admin';
import { unwrap } from '@/app/http/unwrap';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { PageFrame } from '@/components/page-frame';
import { adminKeys } from '@/api/keys';
import { AuditChangesModal } from '@/components/audit-changes';

interface AuditFilter {
  staffId?: number;
  siteId?: number;
  action?: string;
  target?: string;
  from?: number;
  to?: number;
}

/** 操作日志：每次后台写操作的人、动作、对象、前后数据（密钥已遮盖）与 IP，可筛选。 */
export default function AdminAuditPage() {
  const meta = useRouteMeta();
  const [filter, setFilter] = useState<AuditFilter>({});
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<AuditEntry | null>(null);
  const list = useQuery({
    queryKey: adminKeys.audit(filter, page),
    queryFn: () => unwrap(listAudit({ page, pageSize: 20, ...filter }), { toast: false }),
  });

  const search = (v: {
    staffId?: number;
    siteId?: number;
    action?: string;
    target?: string;
    range?: [Dayjs | null, Dayjs | null] | null;
  }) => {
    setPage(1);
    setFilter({
      staffId: v.staffId || undefined,
      siteId: v.siteId || undefined,
      action: v.action?.trim() || undefined,
      target: v.target?.trim() || undefined,
      from: v.range?.[0]?.startOf('day').valueOf(),
      to: v.range?.[1]?.endOf('day').valueOf(),
    });
  };

  return (
    <PageFrame
      title="操作日志"
      description={meta?.description ?? '后台每一次写操作的记录：谁、做了什么、改前改后、来自哪个 IP。'}
    >
      <Card>
        <Form layout="inline" onFinish={search} style={{ marginBottom: 16, rowGap: 8 }}>
          <Form.Item name="staffId">
            <InputNumber placeholder="管理员 ID" min={1} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="siteId">
            <InputNumber placeholder="分站 ID" min={1} style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="action">
            <Select
              placeholder="全部动作"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 220 }}
              options={Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label }))}
            />
          </Form.Item>
          <Form.Item name="target">
            <Input placeholder="对象，如 user:12" allowClear style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="range">
            <DatePicker.RangePicker />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            筛选
          </Button>
        </Form>
        <Table<AuditEntry>
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data?.list ?? []}
          scroll={{ x: 900 }}
          pagination={{
            current: page,
            pageSize: 20,
            total: list.data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
          columns={[
            { title: '时间', dataIndex: 'createdAt', width: 170 },
            { title: '操作人', dataIndex: 'staffName', width: 140, render: (v: string) => v || '系统' },
            { title: '动作', dataIndex: 'actionText', width: 180 },
            { title: '对象', dataIndex: 'targetText', width: 220 },
            {
              title: '分站',
              dataIndex: 'siteTitle',
              width: 180,
              render: (v: string, r) => (r.siteId === null ? '—' : `${v}（ID ${r.siteId}）`),
            },
            { title: 'IP', dataIndex: 'ip', width: 140 },
            {
              title: '数据',
              key: 'view',
              width: 90,
              render: (_v, r) => (
                <Button type="link" size="small" onClick={() => setViewing(r)}>
                  前后对比
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <AuditChangesModal entry={viewing} onClose={() => setViewing(null)} />
    </PageFrame>
  );
}
