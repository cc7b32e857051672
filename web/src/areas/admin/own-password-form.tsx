import { Button, Form, Input } from 'antd';
import { PASSWORD_RULE } from '@kapu/contract';
import { changeOwnStaffPassword } from '@/api/admin';
import { useAction } from '@/hooks/use-action';

interface OwnPasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** 修改登录密码：当前密码 + 新密码两次；成功后其他设备上的登录全部失效，本次登录保留。 */
export function OwnPasswordForm({ onDone }: { onDone?: () => void }) {
  const [form] = Form.useForm<OwnPasswordValues>();
  // A refusal (e.g. 当前密码错误) is shown by the client.
  const change = useAction({
    call: changeOwnStaffPassword,
    success: (r) => (r.endedSessions > 0 ? `密码已修改，其他 ${r.endedSessions} 处登录已退出` : '密码已修改'),
    onSuccess: () => {
      form.resetFields();
      onDone?.();
    },
  });
  return (
    <Form form={form} layout="vertical" onFinish={change.run} style={{ maxWidth: 420 }}>
      <Form.Item label="当前密码" name="currentPassword" rules={[{ required: true, message: '请输入当前密码' }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        label="新密码"
        name="newPassword"
        extra={PASSWORD_RULE}
        rules={[
          { required: true, message: '请输入新密码' },
          { min: 8, max: 32, message: PASSWORD_RULE },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="确认新密码"
        name="confirmPassword"
        dependencies={['newPassword']}
        rules={[
          { required: true, message: '请再次输入新密码' },
          ({ getFieldValue }) => ({
            validator: (_r, v?: string) =>
              !v || v === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error('两次输入的新密码不一致')),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        修改密码
      </Button>
    </Form>
  );
}
