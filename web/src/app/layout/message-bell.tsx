import { useEffect, useState } from 'react';
import { Badge, Button, Empty, List, Popover, Space, Spin, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { MessageView } from '@kapu/contract';
import { getLatestMessages, getUnread, markAllMessagesRead, markMessages } from '@/api/messages';
import { messageKeys } from '@/api/keys';
import { unwrap } from '@/app/http/unwrap';
import { useAction } from '@/hooks/use-action';
import { MessageText } from '@/components/message-text';
import { setUnreadForTitle } from '../router/title';

/** How often the bell asks for the unread count (one counter row on the server), also in a background tab. */
export const UNREAD_POLL_MS = 10_000;

/**
 * The member centre's bell: the unread count (polled cheaply, also shown in the tab title as
 * "(N条消息)"), and on click the newest few messages with a way to read them all.
 */
export function MessageBell() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const unread = useQuery({
    queryKey: messageKeys.unread,
    queryFn: () => unwrap(getUnread(), { toast: false }),
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: true,
  });
  const count = unread.data?.unread ?? 0;
  useEffect(() => {
    setUnreadForTitle(count);
  }, [count]);
  // Leaving the member centre: titles elsewhere carry no count.
  useEffect(() => () => setUnreadForTitle(0), []);

  const latest = useQuery({
    queryKey: messageKeys.latestAt(count),
    queryFn: () => unwrap(getLatestMessages(), { toast: false }),
    enabled: open,
  });
  const readOne = useAction({
    call: (m: MessageView) => markMessages([m.id], true),
    invalidates: [messageKeys.all],
  });
  const readAll = useAction({
    call: () => markAllMessagesRead(),
    success: '已全部标为已读',
    invalidates: [messageKeys.all],
  });
  const go = (m: MessageView) => {
    setOpen(false);
    if (!m.read) readOne.run(m);
    navigate(m.link || '/inside/message');
  };

  const list = latest.data?.list ?? [];
  const content = (
    <div style={{ width: 320, maxWidth: '80vw' }}>
      {latest.isLoading ? (
        <div style={{ textAlign: 'center', padding: 24 }}>
          <Spin />
        </div>
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有新的通知" />
      ) : (
        <List<MessageView>
          size="small"
          dataSource={list}
          renderItem={(m) => (
            <List.Item style={{ cursor: 'pointer', paddingInline: 4 }} onClick={() => go(m)}>
              <List.Item.Meta
                title={
                  <Space size={6}>
                    {!m.read && <Badge status="processing" />}
                    <Typography.Text strong={!m.read} ellipsis style={{ maxWidth: 240 }}>
                      {m.title}
                    </Typography.Text>
                  </Space>
                }
                description={<MessageText message={m} compact />}
              />
            </List.Item>
          )}
        />
      )}
      <div style={{ display: 'flex', justifyContent: 'space-between', borderTop: '1px solid #f0f0f0', paddingTop: 8 }}>
        <Button
          size="small"
          type="link"
          disabled={count === 0}
          loading={readAll.isPending}
          onClick={() => readAll.run()}
        >
          全部已读
        </Button>
        <Button
          size="small"
          type="link"
          onClick={() => {
            setOpen(false);
            navigate('/inside/message');
          }}
        >
          查看全部消息
        </Button>
      </div>
    </div>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={count > 0 ? `通知（${count} 条未读）` : '通知'}
      content={content}
      open={open}
      onOpenChange={setOpen}
    >
      <Button
        type="text"
        aria-label={count > 0 ? `通知，${count} 条未读` : '通知'}
        icon={
          <Badge count={count} size="small" overflowCount={99}>
            <BellOutlined />
          </Badge>
        }
      />
    </Popover>
  );
}
