import { Alert, Button, Form, Input, Typography } from 'antd';
import { updateLoginNameInput, type AccountSecurityView, type AccountView } from '@kapu/contract';
import { doUpdateLoginName } from '@/api/account';
import { zodRule } from '@/components/zod-rule';
import { useAction } from '@/hooks/use-action';
import { ACCOUNT_CHANGES } from '../use-security';

/** 修改登录名：唯一，30 天内只能改一次，需要登录密码。 */
export function LoginNameSection({ account, security }: { account: AccountView; security: AccountSecurityView }) {
  const [form] = Form.useForm<{ loginName: string; password: string }>();
  const save = useAction({
    call: doUpdateLoginName,
    success: '登录名已修改，下次请用新登录名登录',
    invalidates: ACCOUNT_CHANGES,
    onSuccess: () => form.resetFields(),
  });
  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 420 }} onFinish={save.run}>
      <Typography.Paragraph>
        当前登录名：<Typography.Text strong>{account.loginName}</Typography.Text>
      </Typography.Paragraph>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={
          security.loginNameChangeableAt
            ? `登录名 30 天内只能修改一次，${security.loginNameChangeableAt} 后可再次修改。`
            : '登录名 30 天内只能修改一次。'
        }
      />
      <Form.Item
        label="新登录名"
        name="loginName"
        rules={[zodRule(updateLoginNameInput.shape.loginName)]}
        extra="以字母开头，4-20 位字母、数字或下划线"
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="登录密码" name="password" rules={[zodRule(updateLoginNameInput.shape.password)]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        修改登录名
      </Button>
    </Form>
  );
}
