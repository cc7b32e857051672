import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Popconfirm, Space, Switch, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  MessageCategoryLabels,
  type MemberChannel,
  type MessageTopicPref,
  type TelegramBindCodeView,
} from '@kapu/contract';
import { getMessageSettings, getTelegramCode, saveMessagePref, unbindTelegram } from '@/api/messages';
import { messageKeys } from '@/api/keys';
import { copyText } from '@/app/clipboard';
import { feedback } from '@/app/feedback';
import { unwrap } from '@/app/http/unwrap';
import { useAction } from '@/hooks/use-action';

/** 通知设置: which kinds of messages also go to my e-mail or Telegram, and binding my Telegram chat. */
export function NotifySettings() {
  const [code, setCode] = useState<TelegramBindCodeView | null>(null);
  const settings = useQuery({
    queryKey: messageKeys.settings,
    queryFn: () => unwrap(getMessageSettings()),
    // While a bind code is shown, watch for the bot to bind the chat.
    refetchInterval: code ? 3_000 : false,
  });
  const save = useAction({
    call: (p: { topic: string; channel: MemberChannel; on: boolean }) => saveMessagePref(p.topic, p.channel, p.on),
    invalidates: [messageKeys.settings],
  });
  const newCode = useAction({
    call: () => getTelegramCode(),
    onSuccess: (c) => setCode(c),
  });
  const unbind = useAction({
    call: () => unbindTelegram(),
    success: '已解除 Telegram 绑定',
    invalidates: [messageKeys.settings],
  });
  const s = settings.data;
  const bound = s?.telegram.bound ?? false;
  // Bound by the bot meanwhile: the code has done its work.
  useEffect(() => {
    if (bound) setCode(null);
  }, [bound]);

  const channelSwitch = (channel: MemberChannel, usable: boolean) => (on: boolean, row: MessageTopicPref) => (
    <Switch
      size="small"
      aria-label={`${row.label} ${channel === 'email' ? '邮件' : 'Telegram'}通知`}
      checked={usable && on}
      disabled={!usable}
      loading={save.isPending && save.pendingInput?.topic === row.topic && save.pendingInput.channel === channel}
      onChange={(v) => save.run({ topic: row.topic, channel, on: v })}
    />
  );

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        所有通知都会以站内信的形式保存在「我的消息」中；您还可以选择让其中一些同时发送到邮箱或 Telegram。
      </Typography.Paragraph>
      <Descriptions bordered size="small" column={1} labelStyle={{ width: 120 }}>
        <Descriptions.Item label="邮件">
          {!s ? (
            '—'
          ) : !s.email.available ? (
            <Typography.Text type="secondary">站点尚未配置邮件服务器，暂时不能使用邮件通知</Typography.Text>
          ) : s.email.address ? (
            <Space wrap>
              <span>发送到 {s.email.address}</span>
              <Link to="/inside/inter/myaccount">更换邮箱</Link>
            </Space>
          ) : (
            <Space wrap>
              <Typography.Text type="secondary">您还没有绑定邮箱</Typography.Text>
              <Link to="/inside/inter/myaccount">去绑定邮箱</Link>
            </Space>
          )}
        </Descriptions.Item>
        <Descriptions.Item label="Telegram">
          {!s ? (
            '—'
          ) : !s.telegram.available ? (
            <Typography.Text type="secondary">站点尚未配置 Telegram 机器人，暂时不能使用 Telegram 通知</Typography.Text>
          ) : bound ? (
            <Space wrap>
              <Tag color="green">已绑定</Tag>
              <span>{s.telegram.chatName || 'Telegram 账号'}</span>
              <Typography.Text type="secondary">{s.telegram.boundAt}</Typography.Text>
              <Popconfirm
                title="解除后将不再通过 Telegram 通知您，确定解除？"
                okText="解除"
                cancelText="取消"
                onConfirm={() => unbind.confirm()}
              >
                <Button size="small" danger>
                  解除绑定
                </Button>
              </Popconfirm>
            </Space>
          ) : (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Space wrap>
                <Tag>未绑定</Tag>
                <Button size="small" type="primary" loading={newCode.isPending} onClick={() => newCode.run()}>
                  {code ? '重新获取绑定码' : '获取绑定码'}
                </Button>
              </Space>
              {code && (
                <Alert
                  type="info"
                  showIcon
                  message={
                    <span>
                      绑定码{' '}
                      <Typography.Text code copyable={false} strong style={{ fontSize: 16 }}>
                        {code.code}
                      </Typography.Text>
                      （{Math.round(code.ttlSeconds / 60)} 分钟内有效，至 {code.expiresAt}）
                    </span>
                  }
                  description={
                    <Space direction="vertical" size={4}>
                      <span>
                        在 Telegram 中打开机器人 <b>@{code.botName}</b>，发送：
                        <Typography.Text code>/start {code.code}</Typography.Text>
                        <Button
                          size="small"
                          type="link"
                          onClick={() =>
                            void copyText(`/start ${code.code}`).then((ok) =>
                              ok
                                ? feedback().message.success('已复制')
                                : feedback().message.error('复制失败，请手动复制'),
                            )
                          }
                        >
                          复制
                        </Button>
                      </span>
                      {code.link && (
                        <a href={code.link} target="_blank" rel="noreferrer">
                          或点此直接打开 Telegram 完成绑定
                        </a>
                      )}
                      <Typography.Text type="secondary">绑定成功后本页会自动刷新状态。</Typography.Text>
                    </Space>
                  }
                />
              )}
            </Space>
          )}
        </Descriptions.Item>
      </Descriptions>
      <Table<MessageTopicPref>
        rowKey="topic"
        size="small"
        loading={settings.isLoading}
        pagination={false}
        dataSource={s?.topics ?? []}
        locale={{ emptyText: '暂无可设置的通知类型' }}
        columns={[
          { title: '通知类型', dataIndex: 'label' },
          {
            title: '分类',
            dataIndex: 'category',
            responsive: ['sm'],
            render: (v: MessageTopicPref['category']) => MessageCategoryLabels[v],
          },
          {
            title: '站内信',
            key: 'app',
            render: () => <Switch size="small" checked disabled aria-label="站内信（始终开启）" />,
          },
          {
            title: '邮件',
            dataIndex: 'email',
            render: channelSwitch('email', Boolean(s?.email.available && s.email.address)),
          },
          {
            title: 'Telegram',
            dataIndex: 'telegram',
            render: channelSwitch('telegram', Boolean(s?.telegram.available && bound)),
          },
        ]}
      />
    </Space>
  );
}
