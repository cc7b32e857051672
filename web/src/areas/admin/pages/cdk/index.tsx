import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Drawer,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  CDK_BATCH_MAX,
  CdkKindLabels,
  CdkStatusLabels,
  type CdkBatchView,
  type CdkCodeView,
  type CdkKind,
  type CdkStatus,
} from '@kapu/contract';
import { exportCdkBatch, generateCdkBatch, getCdkBatches, getCdkCodes, voidCdkBatch, voidCdkCode } from '@/api/cdk';
import { cdkKeys } from '@/api/keys';
import { saveCsvExport } from '@/app/csv';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { useLayoutStore } from '@/app/stores/layout-store';
import { PageFrame } from '@/components/page-frame';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { CdkStatusTag } from '@/areas/cdk/lib/cdk-preview';
import { CdkTermsFields, termsOf, type CdkTermsValues } from '@/areas/cdk/lib/terms-fields';

type GenerateValues = CdkTermsValues & { name: string };

/** One batch's codes: masked, with their status, uses and last redeemer; an unused one can be voided. */
function BatchCodes({ batch, onClose }: { batch: CdkBatchView | null; onClose: () => void }) {
  const isMobile = useLayoutStore((s) => s.isMobile);
  const [status, setStatus] = useState<CdkStatus>();
  const [keyword, setKeyword] = useState<string>();
  const [page, setPage] = useState(1);
  const query = { batchId: batch?.id, status, keyword, page, pageSize: 20 };
  const codes = useQuery({
    queryKey: cdkKeys.codes(query),
    queryFn: () => unwrap(getCdkCodes(query)),
    enabled: batch !== null,
    placeholderData: keepPreviousData,
  });
  const voiding = useAction({ call: (id: number) => voidCdkCode(id), success: '已作废', invalidates: [cdkKeys.all] });
  return (
    <Drawer
      open={batch !== null}
      onClose={onClose}
      width={isMobile ? '100%' : 900}
      title={`批次：${batch?.name ?? ''}`}
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Select<CdkStatus>
          allowClear
          placeholder="全部状态"
          style={{ width: 140 }}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          options={Object.entries(CdkStatusLabels).map(([value, label]) => ({ value, label }))}
        />
        <Input.Search
          allowClear
          placeholder="短链编号"
          style={{ width: 200 }}
          onSearch={(v) => {
            setKeyword(v.trim() || undefined);
            setPage(1);
          }}
        />
        <Typography.Text type="secondary">兑换码只在生成时导出一次，这里只显示首尾各 4 位。</Typography.Text>
      </Space>
      <Table<CdkCodeView>
        rowKey="id"
        size="small"
        loading={codes.isFetching}
        dataSource={codes.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize: 20, total: codes.data?.total ?? 0, onChange: setPage }}
        locale={{ emptyText: '没有符合条件的兑换码' }}
        columns={[
          { title: '兑换码', dataIndex: 'masked', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
          { title: '短链编号', dataIndex: 'short' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (v: CdkStatus, r) => <CdkStatusTag status={v} text={r.statusText} />,
          },
          { title: '已兑换', render: (_: unknown, r) => `${r.used} / ${r.uses}` },
          { title: '最近兑换', render: (_: unknown, r) => (r.lastUsedAt ? `${r.lastRedeemer} ${r.lastUsedAt}` : '—') },
          { title: '有效期至', dataIndex: 'expiresAt', render: (v: string) => v || '长期有效' },
          {
            title: '操作',
            render: (_: unknown, r) =>
              r.status === 'active' || r.status === 'expired' ? (
                <Popconfirm
                  title="作废这个兑换码？"
                  okText="作废"
                  cancelText="取消"
                  onConfirm={() => voiding.confirm(r.id)}
                >
                  <Button size="small" danger loading={voiding.pendingInput === r.id}>
                    作废
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </Drawer>
  );
}

/** 兑换码：生成批次（生成时下载含兑换码与链接的 CSV）、查看使用情况、作废批次或单个兑换码、导出状态。 */
export default function AdminCdkPage() {
  const meta = useRouteMeta();
  const isMobile = useLayoutStore((s) => s.isMobile);
  const [form] = Form.useForm<GenerateValues>();
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState<string>();
  const [kind, setKind] = useState<CdkKind>();
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<CdkBatchView | null>(null);
  const query = { keyword, kind, page, pageSize: 20 };
  const batches = useQuery({
    queryKey: cdkKeys.batches(query),
    queryFn: () => unwrap(getCdkBatches(query)),
    placeholderData: keepPreviousData,
  });
  const generate = useAction({
    call: (v: GenerateValues) => generateCdkBatch({ ...termsOf(v), name: v.name }),
    success: (r) => `已生成 ${r.file.count} 个兑换码，CSV 文件已开始下载`,
    invalidates: [cdkKeys.all],
    onSuccess: (r) => {
      saveCsvExport(r.file);
      setOpen(false);
      form.resetFields();
    },
  });
  const exporting = useAction({ call: (id: number) => exportCdkBatch(id), onSuccess: (f) => saveCsvExport(f) });
  const voidBatch = useAction({
    call: (id: number) => voidCdkBatch(id),
    success: '批次已作废',
    invalidates: [cdkKeys.all],
  });
  return (
    <PageFrame
      title="兑换码"
      description={meta?.description}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
          生成兑换码
        </Button>
      }
    >
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            placeholder="批次名称或商品"
            style={{ width: 240 }}
            enterButton="搜索"
            onSearch={(v) => {
              setKeyword(v.trim() || undefined);
              setPage(1);
            }}
          />
          <Select<CdkKind>
            allowClear
            placeholder="全部类型"
            style={{ width: 140 }}
            value={kind}
            onChange={(v) => {
              setKind(v);
              setPage(1);
            }}
            options={Object.entries(CdkKindLabels).map(([value, label]) => ({ value, label }))}
          />
        </Space>
        <Table<CdkBatchView>
          rowKey="id"
          loading={batches.isFetching}
          dataSource={batches.data?.list ?? []}
          scroll={isMobile ? undefined : { x: 'max-content' }}
          size={isMobile ? 'small' : 'middle'}
          locale={{
            emptyText: keyword || kind ? '没有符合条件的批次' : '还没有兑换码批次：点击右上角“生成兑换码”创建第一批',
          }}
          pagination={{
            current: page,
            pageSize: 20,
            total: batches.data?.total ?? 0,
            showTotal: (t) => `共 ${t} 个批次`,
            onChange: setPage,
          }}
          columns={[
            {
              title: '批次',
              dataIndex: 'name',
              render: (v: string, b) => (
                <div>
                  <div>{v}</div>
                  <div style={{ fontSize: 12, color: '#999' }}>
                    {b.creator} · {b.createdAt}
                  </div>
                </div>
              ),
            },
            {
              title: '内容',
              render: (_: unknown, b) =>
                b.kind === 'goods' ? `${b.goodsName} × ${b.quantity}` : `余额 ${formatYuan(b.amount)}`,
            },
            { title: '店铺', dataIndex: 'siteTitle' },
            { title: '数量', dataIndex: 'count', align: 'right' },
            { title: '每码次数', dataIndex: 'uses', align: 'right' },
            { title: '已兑换', dataIndex: 'redeemed', align: 'right' },
            { title: '可用', dataIndex: 'open', align: 'right' },
            { title: '有效期至', dataIndex: 'expiresAt', render: (v: string) => v || '长期有效' },
            {
              title: '状态',
              dataIndex: 'status',
              render: (v: string, b) => <Tag color={v === 'active' ? 'green' : 'red'}>{b.statusText}</Tag>,
            },
            {
              title: '操作',
              render: (_: unknown, b) => (
                <Space>
                  <Button size="small" onClick={() => setViewing(b)}>
                    兑换码
                  </Button>
                  <Button
                    size="small"
                    icon={<DownloadOutlined />}
                    loading={exporting.pendingInput === b.id}
                    onClick={() => exporting.run(b.id)}
                  >
                    导出状态
                  </Button>
                  {b.status === 'active' && (
                    <Popconfirm
                      title="作废整个批次？"
                      description="未使用的兑换码将全部失效（会员购买的会按未使用次数退款），已兑换的不受影响。"
                      okText="作废"
                      cancelText="取消"
                      onConfirm={() => voidBatch.confirm(b.id)}
                    >
                      <Button size="small" danger loading={voidBatch.pendingInput === b.id}>
                        作废
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Modal
        open={open}
        title="生成兑换码"
        onCancel={() => setOpen(false)}
        okText="生成并下载"
        cancelText="取消"
        confirmLoading={generate.isPending}
        onOk={() => form.submit()}
        destroyOnHidden
        width={600}
      >
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="兑换码只在生成时下载一次（CSV 含兑换码和兑换链接），系统不保存明文，请妥善保管文件。"
        />
        <Form<GenerateValues>
          form={form}
          layout="vertical"
          initialValues={{ kind: 'goods' }}
          onFinish={generate.run}
          preserve={false}
        >
          <Form.Item label="批次名称" name="name" rules={[{ required: true, message: '请填写批次名称' }, { max: 50 }]}>
            <Input maxLength={50} placeholder="如：双十一活动" />
          </Form.Item>
          <CdkTermsFields maxCount={CDK_BATCH_MAX} maxUses={100_000} />
        </Form>
      </Modal>
      <BatchCodes batch={viewing} onClose={() => setViewing(null)} />
    </PageFrame>
  );
}
