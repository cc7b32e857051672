import { CheckoutForm } from './checkout-form';
import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Skeleton,
  Switch,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import {
  type AdminSettings,
  email,
  RESERVED_PATHS,
  type ServiceContacts,
  serviceContactsInput,
  siteSettingsInput,
  smtpSettingsInput,
} from '@kapu/contract';
import {
  getSettings,
  saveAdminPath,
  saveOAuthSettings,
  saveSecuritySettings,
  saveServiceContacts,
  saveSiteSettings,
  saveSmsSettings,
  saveSmtpSettings,
  sendTestMail,
} from '@/api/admin';
import { feedback } from '@/app/feedback';
import { unwrap } from '@/app/http/unwrap';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { LoadFailed } from '@/components/load-failed';
import { PageFrame } from '@/components/page-frame';
import { zodRule } from '@/components/zod-rule';
import { TotpPanel } from '../../totp-panel';
import { adminPathProblem, moveToAdminPath } from './admin-path';
import { adminKeys, contentKeys } from '@/api/keys';

const SecretTag = ({ set }: { set: boolean }) => (set ? <Tag color="green">已设置</Tag> : <Tag>未设置</Tag>);
/** What a settings form's save refreshes: the settings the page shows. */
const SETTINGS = [adminKeys.settings];
const OAUTH_NAMES = { qq: 'QQ 登录', wx: '微信开放平台登录', mp: '微信公众号（通知绑定）' } as const;

function SiteForm() {
  const [form] = Form.useForm<{ title: string; subtitle: string }>();
  const save = useAction({ call: saveSiteSettings, success: '站点信息已保存', invalidates: [contentKeys.siteInfo] });
  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 520 }} onFinish={save.run}>
      <Form.Item label="站点标题" name="title" rules={[zodRule(siteSettingsInput.shape.title)]}>
        <Input placeholder="留空不修改" />
      </Form.Item>
      <Form.Item label="副标题" name="subtitle" rules={[zodRule(siteSettingsInput.shape.subtitle)]}>
        <Input placeholder="留空不修改" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存
      </Button>
    </Form>
  );
}

function AdminPathForm() {
  const { adminPath = '' } = useParams();
  const [form] = Form.useForm<{ adminPath: string }>();
  const moving = useAction({ call: saveAdminPath, onSuccess: (saved) => moveToAdminPath(saved.adminPath) });
  const submit = ({ adminPath: next }: { adminPath: string }) => {
    const url = `${window.location.origin}/${next}/index`;
    Modal.confirm({
      title: '确定修改后台路径吗？',
      width: 520,
      okText: '确认修改',
      okButtonProps: { danger: true },
      content: (
        <div>
          <p>
            修改后旧地址 <Typography.Text code>/{adminPath}/index</Typography.Text>{' '}
            立即失效，所有管理员都要使用新地址登录：
          </p>
          <p>
            <Typography.Text strong copyable>
              {url}
            </Typography.Text>
          </p>
          <p>请先记下新地址，确认后本页会跳转到新地址。</p>
        </div>
      ),
      // act, not confirm: on a refusal (toast shown) the dialog closes, as it always did.
      onOk: () => moving.act(next),
    });
  };
  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 520 }} onFinish={submit}>
      <Typography.Paragraph>
        当前后台地址：<Typography.Text code>/{adminPath}/index</Typography.Text>
      </Typography.Paragraph>
      <Form.Item
        label="新后台路径"
        name="adminPath"
        rules={[
          {
            validator: async (_r, v: string | undefined) => {
              const problem = adminPathProblem(v ?? '', adminPath);
              if (problem) throw new Error(problem);
            },
          },
        ]}
        extra={`4-32 位字母或数字；不能使用系统保留路径（如 ${RESERVED_PATHS.slice(0, 4).join('、')} 等）`}
      >
        <Input addonBefore="/" addonAfter="/index" />
      </Form.Item>
      <Button danger htmlType="submit">
        修改后台路径
      </Button>
    </Form>
  );
}

function SecurityForm({ data }: { data: AdminSettings['security'] }) {
  const save = useAction({ call: saveSecuritySettings, success: '安全设置已保存', invalidates: SETTINGS });
  return (
    <Form layout="vertical" style={{ maxWidth: 520 }} initialValues={data} onFinish={save.run}>
      <Form.Item
        label="失败几次后需要图形验证码"
        name="captchaAfter"
        extra="同一账号 24 小时内登录失败达到该次数后，每次登录都要输入图形验证码；0 表示始终需要"
      >
        <InputNumber min={0} max={100} />
      </Form.Item>
      <Form.Item label="失败几次后锁定" name="lockAfter" extra="同一账号在同一 IP 失败达到该次数后锁定">
        <InputNumber min={1} max={1000} />
      </Form.Item>
      <Form.Item label="锁定时长（分钟）" name="lockMinutes">
        <InputNumber min={1} max={1440} />
      </Form.Item>
      <Form.Item label="注册需要图形验证码" name="registerCaptcha" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存
      </Button>
    </Form>
  );
}

function SmtpForm({ data }: { data: AdminSettings['smtp'] }) {
  const [testTo, setTestTo] = useState('');
  const testing = useAction({ call: sendTestMail, success: (_data, to) => `测试邮件已发送到 ${to}，请查收` });
  const test = () => {
    if (!email.safeParse(testTo).success) return feedback().message.error('请输入正确的收件邮箱');
    testing.run(testTo);
  };
  const save = useAction({
    call: (v: Record<string, string | number | boolean>) => saveSmtpSettings({ ...v, secure: v.secure ? 1 : 0 }),
    success: 'SMTP 设置已保存',
    invalidates: SETTINGS,
  });
  return (
    <Form
      layout="vertical"
      style={{ maxWidth: 520 }}
      initialValues={data ?? { port: 465, secure: true }}
      onFinish={save.run}
    >
      <Form.Item label="SMTP 服务器" name="host" rules={[zodRule(smtpSettingsInput.shape.host)]}>
        <Input placeholder="smtp.example.com" />
      </Form.Item>
      <Form.Item label="端口" name="port" rules={[{ required: true, message: '请输入端口' }]}>
        <InputNumber min={1} max={65535} />
      </Form.Item>
      <Form.Item label="SSL/TLS" name="secure" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item label="用户名" name="user">
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        label={
          <span>
            密码 <SecretTag set={!!data?.passSet} />
          </span>
        }
        name="pass"
        extra="只写不读：留空则保留已保存的密码"
      >
        <Input.Password autoComplete="new-password" placeholder={data?.passSet ? '已设置，留空不修改' : ''} />
      </Form.Item>
      <Form.Item label="发件人" name="from" rules={[zodRule(smtpSettingsInput.shape.from)]}>
        <Input placeholder="卡铺 <noreply@example.com>" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存
      </Button>
      <div style={{ display: 'flex', gap: 8, marginTop: 24 }}>
        <Input
          placeholder="测试收件邮箱"
          value={testTo}
          onChange={(e) => setTestTo(e.target.value)}
          aria-label="测试收件邮箱"
        />
        <Button loading={testing.isPending} onClick={() => void test()}>
          发送测试邮件
        </Button>
      </div>
    </Form>
  );
}

function SmsForm({ data }: { data: AdminSettings['sms'] }) {
  const save = useAction({ call: saveSmsSettings, success: '短信设置已保存', invalidates: SETTINGS });
  return (
    <Form layout="vertical" style={{ maxWidth: 520 }} initialValues={data ?? { provider: 'log' }} onFinish={save.run}>
      <Form.Item label="短信服务商" name="provider">
        <Select
          options={[
            { value: 'log', label: '仅记录日志（测试用）' },
            { value: 'aliyun', label: '阿里云短信' },
            { value: 'tencent', label: '腾讯云短信' },
          ]}
        />
      </Form.Item>
      <Form.Item label="AccessKey ID / SecretId" name="accessKeyId">
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        label={
          <span>
            AccessKey Secret / SecretKey <SecretTag set={!!data?.accessKeySecretSet} />
          </span>
        }
        name="accessKeySecret"
        extra="只写不读：留空则保留已保存的密钥"
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item label="短信签名" name="signName">
        <Input />
      </Form.Item>
      <Form.Item label="模板编号" name="templateCode">
        <Input />
      </Form.Item>
      <Form.Item label="SdkAppId（腾讯云）" name="sdkAppId">
        <Input />
      </Form.Item>
      <Form.Item label="地域" name="region">
        <Input placeholder="如 ap-guangzhou" />
      </Form.Item>
      <Form.Item label="接口地址（选填）" name="endpoint">
        <Input placeholder="留空使用服务商默认地址" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存
      </Button>
    </Form>
  );
}

function OAuthForm({ provider, data }: { provider: 'qq' | 'wx' | 'mp'; data: AdminSettings['oauth']['qq'] }) {
  const save = useAction({
    call: (v: Record<string, string | boolean>) => saveOAuthSettings({ ...v, provider, enabled: v.enabled ? 1 : 0 }),
    success: `${OAUTH_NAMES[provider]}已保存`,
    invalidates: SETTINGS,
  });
  return (
    <Form
      layout="vertical"
      style={{ maxWidth: 520, marginBottom: 32 }}
      initialValues={data ?? { enabled: false }}
      onFinish={save.run}
    >
      <Typography.Title level={5}>{OAUTH_NAMES[provider]}</Typography.Title>
      <Form.Item label="启用" name="enabled" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item label="AppID" name="appId">
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        label={
          <span>
            AppSecret <SecretTag set={!!data?.appSecretSet} />
          </span>
        }
        name="appSecret"
        extra="只写不读：留空则保留已保存的密钥"
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item label="授权地址（选填）" name="authorizeUrl">
        <Input placeholder="留空使用官方地址" />
      </Form.Item>
      <Form.Item label="令牌地址（选填）" name="tokenUrl">
        <Input placeholder="留空使用官方地址" />
      </Form.Item>
      <Form.Item label="用户信息地址（选填）" name="userInfoUrl">
        <Input placeholder="留空使用官方地址" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存
      </Button>
    </Form>
  );
}

function ServiceForm({ data }: { data: ServiceContacts }) {
  const s = serviceContactsInput.shape;
  const save = useAction({ call: saveServiceContacts, success: '客服联系方式已保存', invalidates: SETTINGS });
  return (
    <Form layout="vertical" style={{ maxWidth: 520 }} initialValues={data} onFinish={save.run}>
      <Form.Item label="客服 QQ" name="qq" rules={[zodRule(s.qq)]}>
        <Input />
      </Form.Item>
      <Form.Item label="客服微信号" name="wechat" rules={[zodRule(s.wechat)]}>
        <Input />
      </Form.Item>
      <Form.Item
        label="微信二维码图片地址"
        name="wechatQr"
        rules={[zodRule(s.wechatQr)]}
        extra="上传后的图片地址，如 /uploads/…"
      >
        <Input />
      </Form.Item>
      <Form.Item label="客服电话" name="phone" rules={[zodRule(s.phone)]}>
        <Input />
      </Form.Item>
      <Form.Item label="服务时间" name="hours" rules={[zodRule(s.hours)]}>
        <Input placeholder="如 每天 9:00-22:00" />
      </Form.Item>
      <Form.Item label="说明" name="note" rules={[zodRule(s.note)]}>
        <Input.TextArea rows={3} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存
      </Button>
    </Form>
  );
}

/** 系统设置：站点、后台路径、登录安全、SMTP（含测试邮件）、短信、第三方登录、客服联系方式、两步验证。密钥只写不读。 */
export default function AdminSettingsPage() {
  const meta = useRouteMeta();
  const settings = useQuery({
    queryKey: adminKeys.settings,
    queryFn: () => unwrap(getSettings(), { toast: false }),
  });
  const data = settings.data;
  return (
    <PageFrame title="系统设置" description={meta?.description ?? '站点、安全、邮件短信、第三方登录与客服设置。'}>
      <Card>
        {settings.isError ? (
          <LoadFailed title="设置加载失败" onRetry={() => void settings.refetch()} />
        ) : !data ? (
          <Skeleton active />
        ) : (
          <Tabs
            tabPlacement="start"
            items={[
              {
                key: 'site',
                label: '站点信息',
                children: <SiteForm />,
              },
              { key: 'path', label: '后台路径', children: <AdminPathForm /> },
              { key: 'checkout', label: '下单与库存', children: <CheckoutForm /> },
              {
                key: 'security',
                label: '登录安全',
                children: <SecurityForm data={data.security} />,
              },
              {
                key: 'smtp',
                label: '邮件 SMTP',
                children: <SmtpForm data={data.smtp} />,
              },
              {
                key: 'sms',
                label: '短信服务',
                children: <SmsForm data={data.sms} />,
              },
              {
                key: 'oauth',
                label: '第三方登录',
                children: (
                  <>
                    <Alert
                      type="info"
                      showIcon
                      style={{ marginBottom: 16, maxWidth: 520 }}
                      title={`回调地址：${window.location.origin}/qqReturn、/weixinReturn、/mpReturn`}
                    />
                    {(['qq', 'wx', 'mp'] as const).map((p) => (
                      <OAuthForm key={p} provider={p} data={data.oauth[p]} />
                    ))}
                  </>
                ),
              },
              {
                key: 'service',
                label: '客服联系方式',
                children: <ServiceForm data={data.service} />,
              },
              { key: 'totp', label: '两步验证', children: <TotpPanel /> },
            ]}
          />
        )}
      </Card>
    </PageFrame>
  );
}
