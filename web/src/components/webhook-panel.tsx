import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  WebhookDeliveryStatusLabels,
  WebhookEventLabels,
  type WebhookDeliveryStatus,
  type WebhookDeliveryView,
  type WebhookEvent,
  type WebhookSecretView,
  type WebhookView,
} from '@kapu/contract';
import { memberWebhooks, type WebhookForm } from '@/api/webhooks';
import { webhookKeys } from '@/api/keys';
import { unwrap } from '@/app/http/unwrap';
import { useLayoutStore } from '@/app/stores/layout-store';
import { useAction } from '@/hooks/use-action';
import { SecretOnceModal, type SecretOnceWords } from '@/components/secret-once-modal';

type Calls = typeof memberWebhooks;
type Scope = 'member' | 'admin';

const STATUS_COLORS: Record<WebhookDeliveryStatus, string> = {
  pending: 'processing',
  delivered: 'success',
  failed: 'error',
};

const eventText = (e: string) => WebhookEventLabels[e as WebhookEvent] ?? e;

/** The signing secret, this one time (the open-API key's modal in a webhook's words). */
const WEBHOOK_SECRET_WORDS: SecretOnceWords = {
  title: '请保存签名密钥',
  label: '签名密钥',
  ownerLabel: '回调地址',
  warning: '签名密钥只显示这一次，关闭后无法再次查看；遗失后请“更换密钥”。请勿泄露给他人。',
  testIds: { owner: 'webhook-url', secret: 'webhook-secret' },
};

/** How a receiver checks a request: the headers and the signature rule. */
function SigningHelp() {
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title="事件发生后，系统向回调地址 POST 一段 JSON：{ id, type, createdAt, data }"
      description={
        <div style={{ fontSize: 13 }}>
          请求头：X-Kapu-Event（事件类型）、X-Kapu-Delivery（投递编号，重试与重发时不变，可用于去重）、X-Kapu-Timestamp（秒）、
          X-Kapu-Signature ={' '}
          <Typography.Text code>sha256=HMAC-SHA256(签名密钥, 时间戳 + &quot;.&quot; + 请求体)</Typography.Text>
          的十六进制。应答 2xx 视为送达，否则按 10 秒、1 分钟、5 分钟、30 分钟、2 小时、6 小时重试，仍失败则标记失败。
          通知内容不含卡密、密钥与联系方式。
        </div>
      }
    />
  );
}

function Editor({
  scope,
  calls,
  editing,
  groups,
  onClose,
  onSecret,
}: {
  scope: Scope;
  calls: Calls;
  editing: WebhookView | 'new' | null;
  groups: Array<{ label: string; events: Array<{ type: string; label: string }> }>;
  onClose: () => void;
  onSecret: (s: WebhookSecretView) => void;
}) {
  const [form] = Form.useForm<WebhookForm>();
  const save = useAction({
    call: (v: WebhookForm) => calls.save(v),
    success: (_r, v) => (v.id ? '已保存' : 'Webhook 已创建'),
    invalidates: [webhookKeys.list(scope)],
    onSuccess: (r) => {
      onClose();
      if ('secret' in r) onSecret(r);
    },
  });
  const current = editing === 'new' || editing === null ? null : editing;
  return (
    <Modal
      open={editing !== null}
      title={current ? '编辑 Webhook' : '新建 Webhook'}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      destroyOnHidden
      width={720}
    >
      <Form<WebhookForm>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={
          current
            ? { id: current.id, name: current.name, url: current.url, events: current.events, enabled: current.enabled }
            : { events: [], enabled: true }
        }
        onFinish={(v) => save.run({ ...v, id: current?.id })}
      >
        <Form.Item label="名称" name="name" extra="便于区分，可不填">
          <Input maxLength={40} placeholder="例如：订单同步到 ERP" />
        </Form.Item>
        <Form.Item
          label="回调地址"
          name="url"
          rules={[{ required: true, message: '请填写回调地址' }]}
          extra={scope === 'member' ? '须为公网可访问的 http:// 或 https:// 地址' : '以 http:// 或 https:// 开头'}
        >
          <Input maxLength={500} placeholder="https://example.com/kapu/webhook" />
        </Form.Item>
        <Form.Item label="订阅事件" name="events" rules={[{ required: true, message: '请至少选择一种事件' }]}>
          <Checkbox.Group style={{ width: '100%' }}>
            <Space orientation="vertical" style={{ width: '100%' }}>
              {groups.map((g) => (
                <div key={g.label}>
                  <Typography.Text strong style={{ marginRight: 12 }}>
                    {g.label}
                  </Typography.Text>
                  {g.events.map((e) => (
                    <Checkbox key={e.type} value={e.type}>
                      {e.label}
                    </Checkbox>
                  ))}
                </div>
              ))}
            </Space>
          </Checkbox.Group>
        </Form.Item>
        <Form.Item label="启用" name="enabled" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function DeliveryDetail({
  scope,
  calls,
  id,
  onClose,
}: {
  scope: Scope;
  calls: Calls;
  id: number | null;
  onClose: () => void;
}) {
  const detail = useQuery({
    queryKey: webhookKeys.delivery(scope, id ?? 0),
    queryFn: () => unwrap(calls.delivery(id!)),
    enabled: id !== null,
  });
  const d = detail.data;
  return (
    <Modal open={id !== null} title="投递详情" onCancel={onClose} footer={null} width={760} destroyOnHidden>
      {d && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text>
            {d.delivery.eventText} · 投递编号 <Typography.Text code>{d.delivery.deliveryId}</Typography.Text>
          </Typography.Text>
          <Typography.Text type="secondary">请求体（每次尝试与重发都相同）：</Typography.Text>
          <pre style={{ background: '#f6f6f6', padding: 8, maxHeight: 200, overflow: 'auto', fontSize: 12 }}>
            {JSON.stringify(JSON.parse(d.body), null, 2)}
          </pre>
          <Table
            rowKey="attempt"
            size="small"
            pagination={false}
            dataSource={d.attempts}
            columns={[
              { title: '次数', dataIndex: 'attempt', width: 60 },
              { title: '时间', dataIndex: 'at', width: 170 },
              { title: 'HTTP 状态', dataIndex: 'httpStatus', width: 90, render: (v: number | null) => v ?? '无应答' },
              { title: '耗时', dataIndex: 'durationMs', width: 80, render: (v: number) => `${v} ms` },
              {
                title: '应答 / 错误',
                render: (_: unknown, a) => (
                  <Typography.Text style={{ fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                    {a.error || a.excerpt || '（空）'}
                  </Typography.Text>
                ),
              },
            ]}
          />
        </Space>
      )}
    </Modal>
  );
}

/** The delivery log: a subscription's, the owner's, or (staff) everyone's; with replay. */
export function WebhookDeliveryLog({
  scope,
  calls,
  subscriptions,
  showOwner,
}: {
  scope: Scope;
  calls: Calls;
  subscriptions: WebhookView[];
  showOwner?: boolean;
}) {
  const isMobile = useLayoutStore((s) => s.isMobile);
  const [subscriptionId, setSubscriptionId] = useState<number>();
  const [status, setStatus] = useState<WebhookDeliveryStatus>();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [open, setOpen] = useState<number | null>(null);
  const query = { subscriptionId, status, page, pageSize };
  const list = useQuery({
    queryKey: webhookKeys.deliveries(scope, query),
    queryFn: () => unwrap(calls.deliveries(query)),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.list.some((d) => d.status === 'pending') ? 3_000 : false),
  });
  const replay = useAction({
    call: (id: number) => calls.replay(id),
    success: '已重新发送，稍后刷新查看结果',
    invalidates: [webhookKeys.all],
  });
  return (
    <Card
      title="投递记录"
      extra={
        <Space wrap>
          <Select<number>
            allowClear
            placeholder="全部 Webhook"
            style={{ width: 200 }}
            value={subscriptionId}
            onChange={(v) => {
              setSubscriptionId(v);
              setPage(1);
            }}
            options={subscriptions.map((s) => ({ value: s.id, label: s.name || s.url }))}
          />
          <Select<WebhookDeliveryStatus>
            allowClear
            placeholder="全部状态"
            style={{ width: 120 }}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            options={Object.entries(WebhookDeliveryStatusLabels).map(([value, label]) => ({ value, label }))}
          />
          <Button className="webhook-refresh" icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
            刷新
          </Button>
        </Space>
      }
    >
      <Table<WebhookDeliveryView>
        rowKey="id"
        className="webhook-deliveries"
        loading={list.isFetching && !list.data}
        dataSource={list.data?.list ?? []}
        scroll={isMobile ? undefined : { x: 'max-content' }}
        size={isMobile ? 'small' : 'middle'}
        locale={{ emptyText: '暂无投递记录：订阅的事件发生后或点击“测试”后会显示在这里' }}
        pagination={{
          current: page,
          pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (p, s) => {
            setPage(p);
            setPageSize(s);
          },
        }}
        columns={[
          { title: '时间', dataIndex: 'createdAt' },
          ...(showOwner ? [{ title: '所属', dataIndex: 'owner' }] : []),
          {
            title: 'Webhook',
            dataIndex: 'subscriptionName',
            render: (v: string, r) => v || `#${r.subscriptionId}`,
          },
          { title: '事件', dataIndex: 'eventText' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (v: WebhookDeliveryStatus, r) => (
              <span>
                <Tag color={STATUS_COLORS[v]}>{r.statusText}</Tag>
                {r.nextRetryAt && <div style={{ fontSize: 12, color: '#999' }}>下次重试 {r.nextRetryAt}</div>}
              </span>
            ),
          },
          { title: '尝试次数', dataIndex: 'attempts' },
          {
            title: 'HTTP 状态',
            dataIndex: 'httpStatus',
            render: (v: number | null, r) => (r.attempts === 0 ? '-' : (v ?? '无应答')),
          },
          { title: '耗时', dataIndex: 'durationMs', render: (v: number | null) => (v === null ? '-' : `${v} ms`) },
          {
            title: '应答摘要',
            dataIndex: 'excerpt',
            render: (v: string) => (
              <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 240, fontSize: 12 }}>
                {v || '-'}
              </Typography.Text>
            ),
          },
          {
            title: '操作',
            render: (_: unknown, r) => (
              <Space>
                <Button size="small" onClick={() => setOpen(r.id)}>
                  详情
                </Button>
                <Popconfirm
                  title="重新发送这次投递？"
                  description="以相同的投递编号和内容重新发送（新的时间戳与签名）。"
                  okText="重发"
                  cancelText="取消"
                  disabled={r.status === 'pending'}
                  onConfirm={() => replay.confirm(r.id)}
                >
                  <Button size="small" disabled={r.status === 'pending'} loading={replay.pendingInput === r.id}>
                    重发
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <DeliveryDetail scope={scope} calls={calls} id={open} onClose={() => setOpen(null)} />
    </Card>
  );
}

/** A member's or the platform's webhooks: list, create/edit, secret once, enable, rotate, test, delete, log. */
export function WebhookPanel({ scope, calls, showOwner }: { scope: Scope; calls: Calls; showOwner?: boolean }) {
  const isMobile = useLayoutStore((s) => s.isMobile);
  const [editing, setEditing] = useState<WebhookView | 'new' | null>(null);
  const [secret, setSecret] = useState<WebhookSecretView | null>(null);
  const data = useQuery({ queryKey: webhookKeys.list(scope), queryFn: () => unwrap(calls.list()) });
  const list = data.data?.list ?? [];
  const toggle = useAction({
    call: (v: { id: number; enabled: boolean }) => calls.toggle(v.id, v.enabled),
    success: (_r, v) => (v.enabled ? '已启用' : '已停用'),
    invalidates: [webhookKeys.list(scope)],
  });
  const rotate = useAction({
    call: (id: number) => calls.rotate(id),
    success: '已更换签名密钥，旧密钥立即失效',
    invalidates: [webhookKeys.list(scope)],
    onSuccess: (r) => setSecret(r),
  });
  const test = useAction({
    call: (id: number) => calls.test(id),
    success: '测试事件已发出，请在投递记录中查看结果',
    invalidates: [webhookKeys.all],
  });
  const remove = useAction({
    call: (id: number) => calls.remove(id),
    success: '已删除',
    invalidates: [webhookKeys.all],
  });
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={scope === 'admin' ? '平台 Webhook' : '我的 Webhook'}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={list.length >= (data.data?.limit ?? 0)}
            onClick={() => setEditing('new')}
          >
            新建 Webhook
          </Button>
        }
      >
        <SigningHelp />
        <Table<WebhookView>
          rowKey="id"
          className="webhook-list"
          loading={data.isFetching && !data.data}
          dataSource={list}
          pagination={false}
          scroll={isMobile ? undefined : { x: 'max-content' }}
          size={isMobile ? 'small' : 'middle'}
          locale={{
            emptyText: `还没有 Webhook：点击“新建 Webhook”填写回调地址并选择事件（最多 ${data.data?.limit ?? 0} 个）`,
          }}
          columns={[
            {
              title: '名称 / 回调地址',
              render: (_: unknown, r) => (
                <div>
                  <div>{r.name || '未命名'}</div>
                  <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
                    {r.url}
                  </Typography.Text>
                </div>
              ),
            },
            {
              title: '订阅事件',
              dataIndex: 'events',
              render: (v: string[]) => (
                <div style={{ maxWidth: 320 }}>
                  {v.map((e) => (
                    <Tag key={e} style={{ marginBottom: 4 }}>
                      {eventText(e)}
                    </Tag>
                  ))}
                </div>
              ),
            },
            {
              title: '签名密钥',
              dataIndex: 'secretHint',
              render: (v: string) => <Typography.Text code>whsec_…{v}</Typography.Text>,
            },
            {
              title: '启用',
              dataIndex: 'enabled',
              render: (v: boolean, r) => (
                <Switch
                  checked={v}
                  loading={toggle.pendingInput?.id === r.id}
                  onChange={(enabled) => toggle.run({ id: r.id, enabled })}
                />
              ),
            },
            { title: '创建时间', dataIndex: 'createdAt' },
            {
              title: '操作',
              render: (_: unknown, r) => (
                <Space wrap>
                  <Button size="small" onClick={() => setEditing(r)}>
                    编辑
                  </Button>
                  <Button
                    size="small"
                    disabled={!r.enabled}
                    loading={test.pendingInput === r.id}
                    onClick={() => test.run(r.id)}
                  >
                    测试
                  </Button>
                  <Popconfirm
                    title="更换签名密钥？"
                    description="新密钥只显示一次，旧密钥立即失效，请同步更新接收方。"
                    okText="更换"
                    cancelText="取消"
                    onConfirm={() => rotate.confirm(r.id)}
                  >
                    <Button size="small" loading={rotate.pendingInput === r.id}>
                      更换密钥
                    </Button>
                  </Popconfirm>
                  <Popconfirm
                    title="删除这个 Webhook？"
                    description="删除后不再推送，它的投递记录也一并删除。"
                    okText="删除"
                    okButtonProps={{ danger: true }}
                    cancelText="取消"
                    onConfirm={() => remove.confirm(r.id)}
                  >
                    <Button size="small" danger loading={remove.pendingInput === r.id}>
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <WebhookDeliveryLog scope={scope} calls={calls} subscriptions={list} showOwner={showOwner} />
      <Editor
        scope={scope}
        calls={calls}
        editing={editing}
        groups={data.data?.groups ?? []}
        onClose={() => setEditing(null)}
        onSecret={setSecret}
      />
      <SecretOnceModal
        secret={secret ? { appId: secret.webhook.url, appSecret: secret.secret } : null}
        onClose={() => setSecret(null)}
        {...WEBHOOK_SECRET_WORDS}
      />
    </Space>
  );
}
