import { useState } from 'react';
import { Button, Checkbox, Form, Input, Modal, Popconfirm, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ROBOT_KINDS, RobotKindLabels, type RobotKind, type RobotView } from '@kapu/contract';
import { messageKeys } from '@/api/keys';
import { adminDeleteRobot, adminRobots, adminSaveRobot, adminTestRobot, type RobotForm } from '@/api/messages';
import { unwrap } from '@/app/http/unwrap';
import { useLayoutStore } from '@/app/stores/layout-store';
import { useAction } from '@/hooks/use-action';

const URL_HINTS: Record<Exclude<RobotKind, 'telegram'>, string> = {
  wecom: '群聊 → 添加群机器人 → 复制 Webhook 地址，形如 https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…',
  dingtalk:
    '群设置 → 智能群助手 → 添加自定义机器人 → 复制 Webhook，形如 https://oapi.dingtalk.com/robot/send?access_token=…',
};

/** 群机器人: where staff are told of pending work (new manual orders, withdrawals to review, low stock…). */
export function RobotsPanel() {
  const isMobile = useLayoutStore((s) => s.isMobile);
  const [editing, setEditing] = useState<RobotView | 'new' | null>(null);
  const robots = useQuery({ queryKey: messageKeys.robots, queryFn: () => unwrap(adminRobots()) });
  const topics = robots.data?.topics ?? [];
  const topicLabel = new Map(topics.map((t) => [t.topic, t.label]));
  const test = useAction({ call: (id: number) => adminTestRobot(id), success: '测试消息已发送，请到群里查看' });
  const remove = useAction({
    call: (id: number) => adminDeleteRobot(id),
    success: '已删除',
    invalidates: [messageKeys.robots],
  });
  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Button type="primary" onClick={() => setEditing('new')}>
          添加群机器人
        </Button>
        <Typography.Text type="secondary">
          待处理的事项会发到员工群里；发送失败会自动重试，可在「投递记录」查看。
        </Typography.Text>
      </Space>
      <Table<RobotView>
        rowKey="id"
        size="small"
        loading={robots.isLoading}
        dataSource={robots.data?.robots ?? []}
        pagination={false}
        scroll={isMobile ? undefined : { x: 'max-content' }}
        locale={{ emptyText: '还没有群机器人。添加后，新的手工订单、待审核提现、库存不足等会通知到员工群' }}
        columns={[
          { title: '名称', dataIndex: 'name' },
          { title: '类型', dataIndex: 'kindText' },
          {
            title: '地址 / 群聊',
            key: 'where',
            render: (_, r) => (
              <Typography.Text style={{ fontSize: 12 }}>
                {r.kind === 'telegram' ? r.chatId : r.urlMasked}
              </Typography.Text>
            ),
          },
          {
            title: '通知事项',
            dataIndex: 'topics',
            render: (v: string[]) => (
              <Space size={[4, 4]} wrap>
                {v.map((t) => (
                  <Tag key={t}>{topicLabel.get(t) ?? t}</Tag>
                ))}
              </Space>
            ),
          },
          {
            title: '状态',
            dataIndex: 'enabled',
            render: (v: boolean) => (v ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
          },
          {
            title: '操作',
            key: 'actions',
            render: (_, r) => (
              <Space>
                <a onClick={() => setEditing(r)}>编辑</a>
                <a onClick={() => test.run(r.id)}>{test.pendingInput === r.id ? '发送中…' : '发送测试'}</a>
                <Popconfirm
                  title={`删除「${r.name}」？`}
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() => remove.confirm(r.id)}
                >
                  <a style={{ color: '#ff4d4f' }}>删除</a>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <RobotEditor robot={editing === 'new' ? null : editing} topics={topics} onClose={() => setEditing(null)} />
      )}
    </>
  );
}

function RobotEditor({
  robot,
  topics,
  onClose,
}: {
  robot: RobotView | null;
  topics: Array<{ topic: string; label: string }>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<RobotForm>();
  const kind = Form.useWatch('kind', form) ?? robot?.kind ?? 'wecom';
  const save = useAction({
    call: (v: RobotForm) => adminSaveRobot({ ...v, id: robot?.id }),
    success: '已保存',
    invalidates: [messageKeys.robots],
    onSuccess: onClose,
  });
  return (
    <Modal
      open
      title={robot ? `编辑群机器人：${robot.name}` : '添加群机器人'}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<RobotForm>
        form={form}
        layout="vertical"
        initialValues={{
          name: robot?.name ?? '',
          kind: robot?.kind ?? 'wecom',
          chatId: robot?.chatId ?? '',
          topics: robot?.topics ?? topics.map((t) => t.topic),
          enabled: robot?.enabled ?? true,
        }}
        onFinish={(v) => save.run(v)}
      >
        <Form.Item name="name" label="名称" rules={[{ required: true, whitespace: true, message: '请填写名称' }]}>
          <Input maxLength={40} placeholder="例如：运营值班群" />
        </Form.Item>
        <Form.Item name="kind" label="类型">
          <Select options={ROBOT_KINDS.map((k) => ({ value: k, label: RobotKindLabels[k] }))} />
        </Form.Item>
        {kind === 'telegram' ? (
          <Form.Item
            name="chatId"
            label="Telegram 群聊 ID"
            extra="先把站点的 Telegram 机器人拉进群，再填写群聊 ID（如 -1001234567890）。机器人在「Telegram 机器人」中设置。"
            rules={[{ required: true, message: '请填写群聊 ID' }]}
          >
            <Input />
          </Form.Item>
        ) : (
          <>
            <Form.Item
              name="url"
              label="Webhook 地址"
              extra={robot?.urlMasked ? `已保存：${robot.urlMasked}（留空则不修改）` : URL_HINTS[kind]}
              rules={robot ? [] : [{ required: true, message: '请填写 Webhook 地址' }]}
            >
              <Input placeholder={URL_HINTS[kind].split('形如 ')[1]} />
            </Form.Item>
            {kind === 'dingtalk' && (
              <Form.Item
                name="secret"
                label="加签密钥"
                extra={robot?.hasSecret ? '已保存（留空则不修改）' : '安全设置选择「加签」时填写，以 SEC 开头'}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            )}
          </>
        )}
        <Form.Item name="topics" label="通知事项" rules={[{ required: true, message: '请至少选择一种通知事项' }]}>
          <Checkbox.Group options={topics.map((t) => ({ value: t.topic, label: t.label }))} />
        </Form.Item>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
