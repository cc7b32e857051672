import { useState } from 'react';
import { Button, Form, Input, InputNumber, Radio, Select, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BROADCAST_AUDIENCES, BroadcastAudienceLabels, type BroadcastView } from '@kapu/contract';
import { getMemberLevelOptions } from '@/api/admin';
import { adminKeys, messageKeys } from '@/api/keys';
import { adminBroadcast, adminBroadcasts, type BroadcastForm } from '@/api/messages';
import { unwrap } from '@/app/http/unwrap';
import { useLayoutStore } from '@/app/stores/layout-store';
import { useAction } from '@/hooks/use-action';

const STATUS_COLORS: Record<BroadcastView['status'], string> = {
  queued: 'default',
  sending: 'processing',
  done: 'green',
};

/** 群发消息: a site message to all members, one level, or one site's customers, written in the background. */
export function BroadcastPanel() {
  const isMobile = useLayoutStore((s) => s.isMobile);
  const [form] = Form.useForm<BroadcastForm>();
  const audience = Form.useWatch('audience', form);
  const [page, setPage] = useState(1);
  const levels = useQuery({
    queryKey: adminKeys.memberLevelOptions,
    queryFn: () => unwrap(getMemberLevelOptions()),
  });
  const list = useQuery({
    queryKey: messageKeys.broadcasts(page),
    queryFn: () => unwrap(adminBroadcasts(page, 10)),
    placeholderData: keepPreviousData,
    // While one is being written, follow its progress.
    refetchInterval: (q) => (q.state.data?.list.some((b) => b.status !== 'done') ? 2_000 : false),
  });
  const send = useAction({
    call: (v: BroadcastForm) => adminBroadcast(v),
    success: (d) => `已创建群发，将发送给 ${d.audienceSize} 位会员`,
    invalidates: [messageKeys.adminAll],
    onSuccess: () => form.resetFields(['title', 'body']),
  });
  return (
    <>
      <Form<BroadcastForm>
        form={form}
        layout={isMobile ? 'vertical' : 'horizontal'}
        labelCol={isMobile ? undefined : { flex: '96px' }}
        initialValues={{ audience: 'all' }}
        onFinish={(v) => send.run(v)}
        style={{ maxWidth: 720 }}
      >
        <Form.Item name="audience" label="发送对象" rules={[{ required: true, message: '请选择发送对象' }]}>
          <Radio.Group options={BROADCAST_AUDIENCES.map((a) => ({ value: a, label: BroadcastAudienceLabels[a] }))} />
        </Form.Item>
        {audience === 'level' && (
          <Form.Item name="levelId" label="会员等级" rules={[{ required: true, message: '请选择会员等级' }]}>
            <Select
              placeholder="选择会员等级"
              loading={levels.isLoading}
              options={(levels.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
              style={{ maxWidth: 240 }}
            />
          </Form.Item>
        )}
        {audience === 'site' && (
          <Form.Item
            name="siteId"
            label="分站编号"
            extra="在「分站管理」中可以看到每个分站的编号；将发送给在该分站注册的会员。"
            rules={[{ required: true, message: '请填写分站编号' }]}
          >
            <InputNumber min={1} precision={0} style={{ width: 160 }} />
          </Form.Item>
        )}
        <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请填写标题' }]}>
          <Input maxLength={60} showCount placeholder="例如：系统维护通知" />
        </Form.Item>
        <Form.Item name="body" label="内容" rules={[{ required: true, whitespace: true, message: '请填写内容' }]}>
          <Input.TextArea rows={4} maxLength={2000} showCount placeholder="会员在站内信中看到的内容（纯文本）" />
        </Form.Item>
        <Form.Item label={isMobile ? undefined : ' '} colon={false}>
          <Button type="primary" htmlType="submit" loading={send.isPending}>
            发送
          </Button>
          <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
            群发在后台分批写入，不影响站点使用；每位会员只会收到一次。
          </Typography.Text>
        </Form.Item>
      </Form>
      <Typography.Title level={5} style={{ marginTop: 8 }}>
        群发记录
      </Typography.Title>
      <Table<BroadcastView>
        rowKey="id"
        size="small"
        loading={list.isFetching && !list.data}
        dataSource={list.data?.list ?? []}
        scroll={isMobile ? undefined : { x: 'max-content' }}
        locale={{ emptyText: '还没有群发过消息' }}
        pagination={{ current: page, pageSize: 10, total: list.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: '标题', dataIndex: 'title' },
          { title: '发送对象', dataIndex: 'audienceText' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (v: BroadcastView['status'], r) => <Tag color={STATUS_COLORS[v]}>{r.statusText}</Tag>,
          },
          { title: '已发送', dataIndex: 'sent', align: 'right', render: (v: number) => `${v} 人` },
          { title: '操作人', dataIndex: 'createdBy' },
          { title: '创建时间', dataIndex: 'createdAt' },
          { title: '完成时间', dataIndex: 'finishedAt', render: (v: string) => v || '—' },
        ]}
      />
    </>
  );
}
