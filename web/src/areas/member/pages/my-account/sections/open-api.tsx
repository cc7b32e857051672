import { useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Modal, Switch, Tag, Typography } from 'antd';
import { openApiInput, type AccountSecurityView } from '@kapu/contract';
import { doOpenApi, doOpenApiKey, doOpenApiStatus } from '@/api/account';
import { SecretOnceModal, type OnceSecret } from '@/components/secret-once-modal';
import { zodRule } from '@/components/zod-rule';
import { attempt, refreshAccount } from '../use-security';

/** 开放接口：开通（首次显示一次密钥）、启用/停用、IP 白名单、重置密钥（需登录密码，新密钥只显示一次）。 */
export function OpenApiSection({ security }: { security: AccountSecurityView }) {
  const api = security.openApi;
  const [secret, setSecret] = useState<OnceSecret | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [rotateOpen, setRotateOpen] = useState(false);
  const [allowForm] = Form.useForm<{ ipAllowlist: string }>();
  const [rotateForm] = Form.useForm<{ password: string }>();

  const create = async () => {
    setBusy('create');
    const result = await attempt(doOpenApi({ ipAllowlist: '' }));
    setBusy(null);
    if (result.ok) {
      if (result.data.appSecret) setSecret({ appId: result.data.appId, appSecret: result.data.appSecret });
      refreshAccount();
    }
  };
  const saveAllowlist = async (values: { ipAllowlist: string }) => {
    setBusy('allow');
    const result = await attempt(doOpenApi({ ipAllowlist: values.ipAllowlist ?? '' }), 'IP 白名单已保存');
    setBusy(null);
    if (result.ok) refreshAccount();
  };
  const setEnabled = async (enabled: boolean) => {
    setBusy('status');
    const result = await attempt(doOpenApiStatus(enabled), enabled ? '开放接口已启用' : '开放接口已停用');
    setBusy(null);
    if (result.ok) refreshAccount();
  };
  const rotate = async () => {
    const { password } = await rotateForm.validateFields();
    setBusy('rotate');
    const result = await attempt(doOpenApiKey({ password }));
    setBusy(null);
    if (result.ok && result.data.appSecret) {
      setRotateOpen(false);
      rotateForm.resetFields();
      setSecret({ appId: result.data.appId, appSecret: result.data.appSecret });
    }
  };

  return (
    <div style={{ maxWidth: 620 }}>
      <Typography.Paragraph type="secondary">
        开通后可用 AppID 与 AppSecret 通过开放接口下单、查询订单。密钥只在开通或重置时显示一次。
      </Typography.Paragraph>
      {!api.created ? (
        <Button type="primary" loading={busy === 'create'} onClick={() => void create()}>
          开通开放接口
        </Button>
      ) : (
        <>
          <Descriptions bordered column={1} size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label="AppID">
              <Typography.Text copyable>{api.appId}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="AppSecret">
              <Tag>已生成（不再显示）</Tag>
              <Button size="small" onClick={() => setRotateOpen(true)}>
                重置密钥
              </Button>
            </Descriptions.Item>
            <Descriptions.Item label="接口状态">
              <Switch
                checked={api.enabled}
                loading={busy === 'status'}
                onChange={(on) => void setEnabled(on)}
                checkedChildren="启用"
                unCheckedChildren="停用"
                aria-label="开放接口状态"
              />
            </Descriptions.Item>
          </Descriptions>
          <Form
            form={allowForm}
            layout="vertical"
            onFinish={saveAllowlist}
            initialValues={{ ipAllowlist: api.ipAllowlist.join('\n') }}
          >
            <Form.Item
              label="IP 白名单"
              name="ipAllowlist"
              rules={[zodRule(openApiInput.shape.ipAllowlist)]}
              extra="每行一个 IPv4 或 IPv6 地址，最多 20 个；留空表示不限制来源 IP"
            >
              <Input.TextArea rows={4} placeholder={'例如：\n203.0.113.10'} />
            </Form.Item>
            <Button htmlType="submit" loading={busy === 'allow'}>
              保存白名单
            </Button>
          </Form>
        </>
      )}
      <Modal
        open={rotateOpen}
        title="重置接口密钥"
        onCancel={() => setRotateOpen(false)}
        onOk={() => void rotate()}
        okText="重置"
        okButtonProps={{ danger: true, loading: busy === 'rotate' }}
        destroyOnHidden
      >
        <Alert
          type="warning"
          showIcon
          title="重置后旧密钥立即失效，正在使用旧密钥的对接程序需要更新。"
          style={{ marginBottom: 16 }}
        />
        <Form form={rotateForm} layout="vertical">
          <Form.Item label="登录密码" name="password" rules={[{ required: true, message: '请输入登录密码' }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        </Form>
      </Modal>
      <SecretOnceModal secret={secret} onClose={() => setSecret(null)} />
    </div>
  );
}
