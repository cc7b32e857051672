import { useState } from 'react';
import { Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  DELIVERY_CHANNELS,
  DeliveryChannelLabels,
  DeliveryStatusLabels,
  type DeliveryChannel,
  type DeliveryStatus,
  type DeliveryView,
} from '@kapu/contract';
import { messageKeys } from '@/api/keys';
import { adminDeliveries, adminRetryDelivery } from '@/api/messages';
import { unwrap } from '@/app/http/unwrap';
import { useLayoutStore } from '@/app/stores/layout-store';
import { useAction } from '@/hooks/use-action';

const STATUS_COLORS: Record<DeliveryStatus, string> = { pending: 'processing', sent: 'green', failed: 'red' };

/** 投递记录: every e-mail, Telegram and robot notification with its tries and the provider's last answer. */
export function DeliveryLog() {
  const isMobile = useLayoutStore((s) => s.isMobile);
  const [channel, setChannel] = useState<DeliveryChannel>();
  const [status, setStatus] = useState<DeliveryStatus>();
  const [page, setPage] = useState(1);
  const query = { channel, status, page, pageSize: 20 };
  const log = useQuery({
    queryKey: messageKeys.deliveries(query),
    queryFn: () => unwrap(adminDeliveries(query)),
    placeholderData: keepPreviousData,
  });
  const retry = useAction({
    call: (id: number) => adminRetryDelivery(id),
    success: '已重新排队发送',
    invalidates: [messageKeys.adminAll],
  });
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select<DeliveryChannel>
          allowClear
          placeholder="全部渠道"
          style={{ width: 140 }}
          value={channel}
          onChange={(v) => {
            setChannel(v);
            setPage(1);
          }}
          options={DELIVERY_CHANNELS.map((c) => ({ value: c, label: DeliveryChannelLabels[c] }))}
        />
        <Select<DeliveryStatus>
          allowClear
          placeholder="全部状态"
          style={{ width: 140 }}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          options={(['pending', 'sent', 'failed'] as const).map((s) => ({ value: s, label: DeliveryStatusLabels[s] }))}
        />
      </Space>
      <Table<DeliveryView>
        rowKey="id"
        size="small"
        loading={log.isFetching && !log.data}
        dataSource={log.data?.list ?? []}
        scroll={isMobile ? undefined : { x: 'max-content' }}
        locale={{
          emptyText: channel || status ? '没有符合条件的投递记录' : '还没有通过邮件、Telegram 或群机器人发出的通知',
        }}
        pagination={{
          current: page,
          pageSize: 20,
          total: log.data?.total ?? 0,
          showTotal: (t) => `共 ${t} 条`,
          onChange: setPage,
        }}
        columns={[
          { title: '时间', dataIndex: 'createdAt' },
          { title: '渠道', dataIndex: 'channelText' },
          { title: '接收方', dataIndex: 'target' },
          { title: '内容', dataIndex: 'subject' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (v: DeliveryStatus, r) => (
              <Tooltip title={r.lastError || undefined}>
                <Tag color={STATUS_COLORS[v]}>{r.statusText}</Tag>
              </Tooltip>
            ),
          },
          { title: '尝试次数', dataIndex: 'attempts', align: 'right' },
          {
            title: '最后错误',
            dataIndex: 'lastError',
            render: (v: string) =>
              v ? (
                <Typography.Text type="danger" ellipsis style={{ maxWidth: 220 }}>
                  {v}
                </Typography.Text>
              ) : (
                '—'
              ),
          },
          { title: '送达时间', dataIndex: 'sentAt', render: (v: string) => v || '—' },
          {
            title: '操作',
            key: 'actions',
            render: (_, r) =>
              r.status === 'failed' ? (
                <a onClick={() => retry.run(r.id)}>{retry.pendingInput === r.id ? '排队中…' : '重新发送'}</a>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </>
  );
}
