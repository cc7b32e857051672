import { useState } from 'react';
import { Badge, Button, Card, Empty, List, Popconfirm, Segmented, Select, Space, Tabs, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MESSAGE_CATEGORIES, MessageCategoryLabels, type MessageCategory, type MessageView } from '@kapu/contract';
import { deleteMessages, getMessages, markAllMessagesRead, markMessages } from '@/api/messages';
import { messageKeys } from '@/api/keys';
import { unwrap } from '@/app/http/unwrap';
import { useLayoutStore } from '@/app/stores/layout-store';
import { MessageText } from '@/components/message-text';
import { PageFrame } from '@/components/page-frame';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { NotifySettings } from './notify-settings';

type ReadFilter = 'all' | 'unread' | 'read';
const CATEGORY_COLORS: Record<MessageCategory, string> = {
  order: 'blue',
  complaint: 'volcano',
  funds: 'gold',
  promotion: 'cyan',
  supply: 'geekblue',
  site: 'purple',
  account: 'red',
  restock: 'green',
  system: 'default',
};

/** 站内信：系统与客服发送给您的站内信，未读数量会显示在浏览器标签标题中。 */
export default function MessagePage() {
  const meta = useRouteMeta();
  const [tab, setTab] = useState('list');
  return (
    <PageFrame title="站内信" description={meta?.description}>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'list', label: '我的消息', children: <MessageList /> },
            { key: 'settings', label: '通知设置', children: <NotifySettings /> },
          ]}
        />
      </Card>
    </PageFrame>
  );
}

function MessageList() {
  const navigate = useNavigate();
  const isMobile = useLayoutStore((s) => s.isMobile);
  const [category, setCategory] = useState<MessageCategory>();
  const [read, setRead] = useState<ReadFilter>('all');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [selected, setSelected] = useState<number[]>([]);
  const query = { category, read: read === 'all' ? undefined : read, page, pageSize };
  const messages = useQuery({
    queryKey: messageKeys.list(query),
    queryFn: () => unwrap(getMessages(query)),
    placeholderData: keepPreviousData,
  });
  const mark = useAction({
    call: (input: { ids: number[]; read: boolean }) => markMessages(input.ids, input.read),
    invalidates: [messageKeys.all],
    onSuccess: () => setSelected([]),
  });
  const readAll = useAction({
    call: () => markAllMessagesRead(),
    success: (d) => (d.changed > 0 ? `已将 ${d.changed} 条消息标为已读` : '没有未读消息'),
    invalidates: [messageKeys.all],
  });
  const remove = useAction({
    call: (ids: number[]) => deleteMessages(ids),
    success: '已删除',
    invalidates: [messageKeys.all],
    onSuccess: () => setSelected([]),
  });
  const open = (m: MessageView) => {
    if (!m.read) mark.run({ ids: [m.id], read: true });
    if (m.link) navigate(m.link);
  };
  const toggle = (id: number) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  const list = messages.data?.list ?? [];
  const filtered = category !== undefined || read !== 'all';
  return (
    <>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Select<MessageCategory>
            allowClear
            placeholder="全部类型"
            style={{ width: 140 }}
            value={category}
            onChange={(v) => {
              setCategory(v);
              setPage(1);
            }}
            options={MESSAGE_CATEGORIES.map((c) => ({ value: c, label: MessageCategoryLabels[c] }))}
          />
          <Segmented<ReadFilter>
            value={read}
            onChange={(v) => {
              setRead(v);
              setPage(1);
            }}
            options={[
              { value: 'all', label: '全部' },
              { value: 'unread', label: '未读' },
              { value: 'read', label: '已读' },
            ]}
          />
        </Space>
        <Space wrap>
          {selected.length > 0 && (
            <>
              <Button loading={mark.isPending} onClick={() => mark.run({ ids: selected, read: true })}>
                标为已读（{selected.length}）
              </Button>
              <Button onClick={() => mark.run({ ids: selected, read: false })}>标为未读</Button>
              <Popconfirm
                title={`删除选中的 ${selected.length} 条消息？`}
                okText="删除"
                cancelText="取消"
                onConfirm={() => remove.confirm(selected)}
              >
                <Button danger>删除</Button>
              </Popconfirm>
            </>
          )}
          <Button type="primary" loading={readAll.isPending} onClick={() => readAll.run()}>
            全部标为已读
          </Button>
        </Space>
      </Space>
      <List<MessageView>
        itemLayout={isMobile ? 'vertical' : 'horizontal'}
        loading={messages.isFetching && !messages.data}
        dataSource={list}
        locale={{
          emptyText: (
            <Empty
              description={
                filtered
                  ? '没有符合筛选条件的消息'
                  : '还没有消息。订单支付、发货、退款，提现审核，分站到期等都会在这里通知您'
              }
            />
          ),
        }}
        pagination={
          (messages.data?.total ?? 0) > pageSize
            ? {
                current: page,
                pageSize,
                total: messages.data?.total ?? 0,
                size: isMobile ? 'small' : undefined,
                showTotal: (t) => `共 ${t} 条`,
                onChange: (p, s) => {
                  setPage(p);
                  setPageSize(s);
                },
              }
            : false
        }
        renderItem={(m) => (
          <List.Item
            data-testid={`message-${m.id}`}
            style={{ alignItems: 'flex-start', background: selected.includes(m.id) ? '#e6f4ff' : undefined }}
            actions={[
              m.read ? (
                <a key="unread" onClick={() => mark.run({ ids: [m.id], read: false })}>
                  标为未读
                </a>
              ) : (
                <a key="read" onClick={() => mark.run({ ids: [m.id], read: true })}>
                  标为已读
                </a>
              ),
              <Popconfirm
                key="delete"
                title="删除这条消息？"
                okText="删除"
                cancelText="取消"
                onConfirm={() => remove.confirm([m.id])}
              >
                <a style={{ color: '#ff4d4f' }}>删除</a>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              avatar={
                <input
                  type="checkbox"
                  aria-label={`选择消息 ${m.title}`}
                  checked={selected.includes(m.id)}
                  onChange={() => toggle(m.id)}
                  style={{ marginTop: 6 }}
                />
              }
              title={
                <Space size={8} wrap>
                  {!m.read && <Badge status="processing" text="" />}
                  <Typography.Link
                    strong={!m.read}
                    onClick={() => open(m)}
                    style={{ color: m.read ? '#595959' : undefined }}
                  >
                    {m.title}
                  </Typography.Link>
                  <Tag color={CATEGORY_COLORS[m.category]}>{MessageCategoryLabels[m.category]}</Tag>
                </Space>
              }
              description={<MessageText message={m} />}
            />
          </List.Item>
        )}
      />
    </>
  );
}
