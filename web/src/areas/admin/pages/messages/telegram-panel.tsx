import { useEffect } from 'react';
import { Alert, Button, Form, Input, Switch, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { messageKeys } from '@/api/keys';
import { adminSaveTelegram, adminTelegram, type TelegramSettingForm } from '@/api/messages';
import { unwrap } from '@/app/http/unwrap';
import { useAction } from '@/hooks/use-action';

/** Telegram 机器人: the bot members bind their chats to (and group robots speak through). */
export function TelegramPanel() {
  const [form] = Form.useForm<TelegramSettingForm>();
  const setting = useQuery({ queryKey: messageKeys.telegram, queryFn: () => unwrap(adminTelegram()) });
  useEffect(() => {
    if (setting.data)
      form.setFieldsValue({ enabled: setting.data.enabled, apiBase: setting.data.apiBase, botToken: '' });
  }, [setting.data, form]);
  const save = useAction({
    call: (v: TelegramSettingForm) => adminSaveTelegram(v),
    success: (d) => (d.enabled ? `已保存，机器人 @${d.botName} 已启用` : '已保存'),
    invalidates: [messageKeys.telegram],
  });
  const s = setting.data;
  return (
    <Form<TelegramSettingForm>
      form={form}
      layout="vertical"
      style={{ maxWidth: 560 }}
      onFinish={(v) => save.run(v)}
      disabled={setting.isLoading}
    >
      {s?.botName ? (
        <Alert
          type={s.enabled ? 'success' : 'info'}
          showIcon
          style={{ marginBottom: 16 }}
          message={`当前机器人：@${s.botName}${s.enabled ? '（已启用）' : '（未启用）'}`}
          description="会员在「站内信 → 通知设置」获取绑定码后，向机器人发送 /start 绑定码 即可绑定。"
        />
      ) : (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message="尚未设置 Telegram 机器人"
          description="在 Telegram 中与 @BotFather 对话创建机器人，把它给出的令牌填在下面。"
        />
      )}
      <Form.Item
        name="botToken"
        label="机器人令牌"
        extra={s?.hasToken ? '已保存（留空则不修改）。保存时会向 Telegram 校验令牌。' : '形如 123456789:AAH…'}
      >
        <Input.Password autoComplete="new-password" placeholder={s?.hasToken ? '已保存' : '123456789:AA…'} />
      </Form.Item>
      <Form.Item
        name="apiBase"
        label="接口地址"
        extra="默认 https://api.telegram.org；服务器无法直连 Telegram 时，可填写反向代理地址。"
      >
        <Input placeholder="https://api.telegram.org" />
      </Form.Item>
      <Form.Item name="enabled" label="启用 Telegram 通知" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存
      </Button>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        启用后，站点每 2 秒读取一次机器人收到的消息（getUpdates）以完成会员绑定。
      </Typography.Paragraph>
    </Form>
  );
}
