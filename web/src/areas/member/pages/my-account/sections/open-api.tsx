import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Descriptions, Form, Input, Modal, Switch, Tag, Typography } from 'antd';
import { openApiInput, type AccountSecurityView } from '@kapu/contract';
import { doOpenApi, doOpenApiKey, doOpenApiStatus } from '@/api/account';
import { SecretOnceModal, type OnceSecret } from '@/components/secret-once-modal';
import { zodRule } from '@/components/zod-rule';
import { ACCOUNT_CHANGES } from '../use-security';
import { useAction } from '@/hooks/use-action';

/** 开放接口：开通（首次显示一次密钥）、启用/停用、IP 白名单、重置密钥（需登录密码，新密钥只显示一次）。 */
export function OpenApiSection({ security }: { security: AccountSecurityView }) {
  const api = security.openApi;
  const [secret, setSecret] = useState<OnceSecret | null>(null);
  const [rotateOpen, setRotateOpen] = useState(false);
  const [allowForm] = Form.useForm<{ ipAllowlist: string }>();
  const [rotateForm] = Form.useForm<{ password: string }>();

  const create = useAction({
    call: () => doOpenApi({ ipAllowlist: '' }),
    invalidates: ACCOUNT_CHANGES,
    onSuccess: (r) => {
      if (r.appSecret) setSecret({ appId: r.appId, appSecret: r.appSecret });
    },
  });
  const allow = useAction({
    call: (values: { ipAllowlist: string }) => doOpenApi({ ipAllowlist: values.ipAllowlist ?? '' }),
    success: 'IP 白名单已保存',
    invalidates: ACCOUNT_CHANGES,
  });
  const status = useAction({
    call: doOpenApiStatus,
    success: (_data, enabled) => (enabled ? '开放接口已启用' : '开放接口已停用'),
    invalidates: ACCOUNT_CHANGES,
  });
  const rotation = useAction({
    call: doOpenApiKey,
    onSuccess: (r) => {
      if (!r.appSecret) return;
      setRotateOpen(false);
      rotateForm.resetFields();
      setSecret({ appId: r.appId, appSecret: r.appSecret });
    },
  });
  const rotate = async () => {
    const { password } = await rotateForm.validateFields();
    await rotation.act({ password });
  };

  return (
    <div style={{ maxWidth: 620 }}>
      <Typography.Paragraph type="secondary">
        开通后可用 AppID 与 AppSecret 通过开放接口下单、查询订单。密钥只在开通或重置时显示一次。
        需要多个密钥、按权限分配、查看调用日志、接口文档或在线调试，请前往 <Link to="/inside/openapi">开放接口</Link>。
      </Typography.Paragraph>
      {!api.created ? (
        <Button type="primary" loading={create.isPending} onClick={() => create.run()}>
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
                loading={status.isPending}
                onChange={(on) => status.run(on)}
                checkedChildren="启用"
                unCheckedChildren="停用"
                aria-label="开放接口状态"
              />
            </Descriptions.Item>
          </Descriptions>
          <Form
            form={allowForm}
            layout="vertical"
            onFinish={allow.run}
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
            <Button htmlType="submit" loading={allow.isPending}>
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
        okButtonProps={{ danger: true, loading: rotation.isPending }}
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
