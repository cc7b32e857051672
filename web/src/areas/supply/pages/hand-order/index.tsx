import { useState } from 'react';
import { Alert, Button, Card, Form, Image, Input, Modal, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TASK_STATUSES, TaskStatusLabels, type SupplierTaskRow, type TaskStatus } from '@kapu/contract';
import { uploadFile } from '@/api/account';
import { supplyKeys } from '@/api/keys';
import { acceptSupplierTask, failSupplierTask, finishSupplierTask, getSupplierTasks } from '@/api/supply';
import { feedback } from '@/app/feedback';
import { unwrap } from '@/app/http/unwrap';
import { useLayoutStore } from '@/app/stores/layout-store';
import { PageFrame } from '@/components/page-frame';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { OrderNoSearch, pagingOf } from '../../list-controls';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const STATUS_COLORS: Record<TaskStatus, string> = {
  waiting: 'warning',
  accepted: 'processing',
  done: 'success',
  failed: 'error',
  returned: 'default',
  refunded: 'error',
  closed: 'default',
};

/** Done: the result text and proof images (manual, recharge), or the parcel (physical). */
function FinishModal({ task, onClose }: { task: SupplierTaskRow; onClose: () => void }) {
  const [form] = Form.useForm<{ result?: string; carrier?: string; trackingNo?: string }>();
  const [proofs, setProofs] = useState<string[]>([]);
  const upload = useAction({ call: uploadFile, onSuccess: (a) => setProofs((p) => [...p, a.url]) });
  const finish = useAction({
    call: finishSupplierTask,
    success: '已完成发货',
    invalidates: [supplyKeys.all],
    onSuccess: onClose,
  });
  const physical = task.goodsType === 'physical';
  return (
    <Modal
      open
      title={`完成发货：${task.orderNo}`}
      okText="确认完成"
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={finish.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => finish.run({ id: task.id, ...v, proofs: JSON.stringify(proofs) })}
      >
        {physical ? (
          <>
            <Form.Item name="carrier" label="快递公司" rules={[{ required: true, message: '请填写快递公司' }]}>
              <Input maxLength={30} />
            </Form.Item>
            <Form.Item name="trackingNo" label="快递单号" rules={[{ required: true, message: '请填写快递单号' }]}>
              <Input maxLength={40} />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item name="result" label="发货结果" extra="买家会在订单详情里看到；卡号、充值流水号、使用说明等">
              <Input.TextArea rows={4} maxLength={2000} />
            </Form.Item>
            <Form.Item label="凭证图片" extra="最多 5 张，PNG / JPG / GIF / WebP，每张不超过 2 MB">
              <Space wrap>
                {proofs.map((p) => (
                  <Image key={p} src={p} width={64} height={64} style={{ objectFit: 'cover' }} />
                ))}
                {proofs.length < 5 && (
                  <Upload
                    accept={IMAGE_TYPES.join(',')}
                    showUploadList={false}
                    beforeUpload={(file) => {
                      if (!IMAGE_TYPES.includes(file.type))
                        feedback().message.error('请选择 PNG、JPG、GIF 或 WebP 图片');
                      else if (file.size > 2 * 1024 * 1024) feedback().message.error('图片不能超过 2 MB');
                      else upload.run(file);
                      return false;
                    }}
                  >
                    <Button icon={<UploadOutlined />} loading={upload.isPending}>
                      上传凭证
                    </Button>
                  </Upload>
                )}
              </Space>
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}

function FailModal({ task, onClose }: { task: SupplierTaskRow; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const fail = useAction({
    call: failSupplierTask,
    success: '已标记失败，买家已退款',
    invalidates: [supplyKeys.all],
    onSuccess: onClose,
  });
  return (
    <Modal
      open
      title={`无法发货：${task.orderNo}`}
      okText="确认，退款给买家"
      okButtonProps={{ danger: true }}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={fail.isPending}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message="确认后订单将全额退款给买家，该订单不产生结算。"
      />
      <Form form={form} layout="vertical" onFinish={(v) => fail.run({ id: task.id, reason: v.reason })}>
        <Form.Item
          name="reason"
          label="失败原因（买家可见）"
          rules={[{ required: true, min: 2, message: '请填写失败原因' }]}
        >
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 手工发货：手工、直充与实物订单的发货任务——接单、填写结果或上传凭证、完成或失败退款；超时未接单按平台设置处理。 */
export default function HandOrderPage() {
  const meta = useRouteMeta();
  const isMobile = useLayoutStore((s) => s.isMobile);
  const [query, setQuery] = useState<{ status?: TaskStatus; orderNo?: string; page: number; pageSize: number }>({
    page: 1,
    pageSize: 20,
  });
  const [finishing, setFinishing] = useState<SupplierTaskRow | null>(null);
  const [failing, setFailing] = useState<SupplierTaskRow | null>(null);
  const tasks = useQuery({
    queryKey: supplyKeys.taskList(query),
    queryFn: () => unwrap(getSupplierTasks(query)),
    placeholderData: keepPreviousData,
  });
  const accept = useAction({ call: acceptSupplierTask, success: '已接单', invalidates: [supplyKeys.tasks] });
  return (
    <PageFrame title="手工发货" description={meta?.description}>
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Select
            allowClear
            placeholder="任务状态"
            style={{ width: 140 }}
            options={TASK_STATUSES.map((s) => ({ value: s, label: TaskStatusLabels[s] }))}
            onChange={(status?: TaskStatus) => setQuery((q) => ({ ...q, status, page: 1 }))}
          />
          <OrderNoSearch setQuery={setQuery} />
        </Space>
        <Table<SupplierTaskRow>
          rowKey="id"
          loading={tasks.isFetching}
          dataSource={tasks.data?.list ?? []}
          locale={{
            emptyText:
              query.status || query.orderNo
                ? '没有符合条件的任务'
                : '暂无发货任务：买家购买你的手工、直充或实物商品并付款后，任务会出现在这里',
          }}
          scroll={isMobile ? undefined : { x: 'max-content' }}
          size={isMobile ? 'small' : 'middle'}
          pagination={pagingOf(query, setQuery, tasks.data?.total, '个任务')}
          columns={[
            {
              title: '订单号',
              dataIndex: 'orderNo',
              render: (v: string) => <Typography.Text copyable>{v}</Typography.Text>,
            },
            {
              title: '商品',
              dataIndex: 'goodsName',
              render: (v: string, t) => (
                <span>
                  {v} × {t.quantity}
                  <br />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t.goodsTypeText}
                  </Typography.Text>
                </span>
              ),
            },
            {
              title: '下单信息',
              key: 'inputs',
              render: (_: unknown, t) => (
                <div style={{ maxWidth: 280 }}>
                  {t.ship && (
                    <div>
                      收货：{t.ship.name} {t.ship.phone} {t.ship.address}
                    </div>
                  )}
                  {t.buyerInputs.map((b) => (
                    <div key={b.key}>
                      {b.label}：<Typography.Text copyable>{b.value}</Typography.Text>
                    </div>
                  ))}
                  {t.remark && <div>备注：{t.remark}</div>}
                  {!t.ship && t.buyerInputs.length === 0 && !t.remark && '—'}
                </div>
              ),
            },
            {
              title: '状态',
              dataIndex: 'statusText',
              render: (v: string, t) => (
                <Space direction="vertical" size={0}>
                  <Tag color={STATUS_COLORS[t.status]}>{v}</Tag>
                  {t.deadline && (
                    <Typography.Text type="warning" style={{ fontSize: 12 }}>
                      请在 {t.deadline} 前接单
                    </Typography.Text>
                  )}
                </Space>
              ),
            },
            {
              title: '发货结果',
              dataIndex: 'result',
              render: (v: string, t) => (
                <div style={{ maxWidth: 240 }}>
                  {v || '—'}
                  {t.proofs.length > 0 && (
                    <div>
                      {t.proofs.map((p) => (
                        <Image key={p} src={p} width={40} height={40} style={{ objectFit: 'cover', marginRight: 4 }} />
                      ))}
                    </div>
                  )}
                </div>
              ),
            },
            { title: '创建时间', dataIndex: 'createdAt' },
            {
              title: '操作',
              key: 'actions',
              render: (_: unknown, t) => (
                <Space>
                  {t.status === 'waiting' && (
                    <Button
                      type="primary"
                      size="small"
                      loading={accept.isPending && accept.pendingInput === t.id}
                      onClick={() => accept.run(t.id)}
                    >
                      接单
                    </Button>
                  )}
                  {t.status === 'accepted' && (
                    <Button type="primary" size="small" onClick={() => setFinishing(t)}>
                      完成发货
                    </Button>
                  )}
                  {(t.status === 'waiting' || t.status === 'accepted') && (
                    <Button danger size="small" onClick={() => setFailing(t)}>
                      无法发货
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {finishing && <FinishModal task={finishing} onClose={() => setFinishing(null)} />}
      {failing && <FailModal task={failing} onClose={() => setFailing(null)} />}
    </PageFrame>
  );
}
