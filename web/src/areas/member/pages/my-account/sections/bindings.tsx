import { useState } from 'react';
import { Alert, Button, Card, Col, Form, Image, Input, Popconfirm, Row, Switch, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  type AccountSecurityView,
  type AccountView,
  email,
  mobile,
  type OAuthProvider,
  OAuthProviderNames,
  sixDigitCode,
  type WeixinBindView,
} from '@kapu/contract';
import {
  doEmailBind,
  doMobileBind,
  doMobileUnbind,
  doUnbindMn,
  doUnbindQq,
  doUnbindWc,
  doUnbindWx,
  doWeixinBind,
  doWeixinBindDelete,
  doWeixinBindFlags,
  getEmailBind,
  getWeixinBind,
  sendBindMobileCode,
  sendUnbindMobileCode,
} from '@/api/account';
import { oauthAuthorize } from '@/api/user';
import { unwrap } from '@/app/http/unwrap';
import { SendCodeButton } from '@/components/send-code-button';
import { zodRule } from '@/components/zod-rule';
import { useAuthOptions } from '@/hooks/use-auth-options';
import { useAction } from '@/hooks/use-action';
import { ACCOUNT_CHANGES } from '../use-security';
import { accountKeys } from '@/api/keys';

/** 手机绑定 / 解绑：短信验证码 60 秒可重发。 */
export function MobileSection({ account, security }: { account: AccountView; security: AccountSecurityView }) {
  const [form] = Form.useForm<{ mobile: string; code: string }>();
  const bound = security.mobileBound;

  const sending = useAction({
    call: (to: string) => (bound ? sendUnbindMobileCode() : sendBindMobileCode({ mobile: to })),
    success: '验证码已发送，请查收短信',
  });
  const send = async (): Promise<number | false> => {
    if (!bound) {
      try {
        await form.validateFields(['mobile']);
      } catch {
        return false;
      }
    }
    const result = await sending.act(form.getFieldValue('mobile') as string);
    return result.ok ? result.data.resendAfter : false;
  };
  const submit = useAction({
    call: (values: { mobile: string; code: string }) =>
      bound ? doMobileUnbind({ code: values.code }) : doMobileBind(values),
    success: bound ? '手机号已解绑' : '手机号已绑定',
    invalidates: ACCOUNT_CHANGES,
    onSuccess: () => form.resetFields(),
  });

  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 420 }} onFinish={submit.run} key={bound ? 'unbind' : 'bind'}>
      <Typography.Paragraph>
        当前状态：{bound ? <Tag color="green">已绑定 {account.mobile}</Tag> : <Tag>未绑定</Tag>}
      </Typography.Paragraph>
      {!bound && (
        <Form.Item label="手机号" name="mobile" rules={[zodRule(mobile)]}>
          <Input placeholder="11 位手机号" inputMode="tel" autoComplete="tel" />
        </Form.Item>
      )}
      <Form.Item label={bound ? '发送到已绑定手机的验证码' : '短信验证码'} required>
        <div style={{ display: 'flex', gap: 8 }}>
          <Form.Item name="code" noStyle rules={[zodRule(sixDigitCode)]}>
            <Input
              placeholder="6 位验证码"
              maxLength={6}
              inputMode="numeric"
              autoComplete="one-time-code"
              aria-label="短信验证码"
            />
          </Form.Item>
          <SendCodeButton onSend={send} />
        </div>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={submit.isPending} danger={bound}>
        {bound ? '解绑手机号' : '绑定手机号'}
      </Button>
    </Form>
  );
}

/** 邮箱绑定：先发送验证码到新邮箱，再输入验证码完成绑定（已绑定时为更换）。 */
export function EmailSection() {
  const [form] = Form.useForm<{ email: string; code: string }>();
  const status = useQuery({ queryKey: accountKeys.emailBind, queryFn: () => unwrap(getEmailBind(), { toast: false }) });

  const sending = useAction({
    call: (to: string) => doEmailBind({ email: to }),
    success: '验证码已发送，请查收邮件',
  });
  const send = async (): Promise<number | false> => {
    try {
      await form.validateFields(['email']);
    } catch {
      return false;
    }
    const result = await sending.act(form.getFieldValue('email') as string);
    return result.ok ? (result.data.resendAfter ?? 60) : false;
  };
  const submit = useAction({
    call: doEmailBind,
    success: '邮箱已绑定',
    invalidates: [accountKeys.emailBind, ...ACCOUNT_CHANGES],
    onSuccess: () => form.resetFields(),
  });
  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 420 }} onFinish={submit.run}>
      <Typography.Paragraph>
        当前状态：{status.data?.bound ? <Tag color="green">已绑定 {status.data.email}</Tag> : <Tag>未绑定</Tag>}
      </Typography.Paragraph>
      <Form.Item label={status.data?.bound ? '新邮箱' : '邮箱'} name="email" rules={[zodRule(email)]}>
        <Input placeholder="name@example.com" autoComplete="email" />
      </Form.Item>
      <Form.Item label="邮箱验证码" required>
        <div style={{ display: 'flex', gap: 8 }}>
          <Form.Item name="code" noStyle rules={[zodRule(sixDigitCode)]}>
            <Input
              placeholder="6 位验证码"
              maxLength={6}
              inputMode="numeric"
              autoComplete="one-time-code"
              aria-label="邮箱验证码"
            />
          </Form.Item>
          <SendCodeButton onSend={send} />
        </div>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={submit.isPending}>
        {status.data?.bound ? '更换邮箱' : '绑定邮箱'}
      </Button>
    </Form>
  );
}

const UNBIND: Record<OAuthProvider, () => ReturnType<typeof doUnbindQq>> = {
  qq: doUnbindQq,
  wx: doUnbindWx,
  mn: doUnbindMn,
  wc: doUnbindWc,
};

/** 第三方账号：QQ、微信登录绑定（管理员配置了应用时可绑定），以及解绑。 */
export function ThirdPartySection({ security }: { security: AccountSecurityView }) {
  const { options } = useAuthOptions();
  const canBind: Partial<Record<OAuthProvider, boolean>> = { qq: options.oauth.qq, wx: options.oauth.wx };
  const unbind = useAction({
    call: (provider: OAuthProvider) => UNBIND[provider](),
    success: (_data, provider) => `已解绑${OAuthProviderNames[provider]}`,
    invalidates: ACCOUNT_CHANGES,
  });
  // Binding leaves for the provider's page.
  const bind = useAction({
    call: (provider: 'qq' | 'wx') => oauthAuthorize(provider, 'bind'),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  const busy = unbind.pendingInput ?? bind.pendingInput;
  return (
    <Row gutter={[16, 16]}>
      {(Object.keys(UNBIND) as OAuthProvider[]).map((provider) => {
        const bound = security.bindings[provider];
        return (
          <Col xs={24} sm={12} key={provider}>
            <Card
              size="small"
              title={OAuthProviderNames[provider]}
              extra={bound ? <Tag color="green">已绑定</Tag> : <Tag>未绑定</Tag>}
            >
              {bound ? (
                <Popconfirm
                  title={`确定解绑${OAuthProviderNames[provider]}吗？`}
                  description="解绑后将不能再用它登录本账号。"
                  onConfirm={() => unbind.act(provider)}
                >
                  <Button danger loading={busy === provider}>
                    解绑
                  </Button>
                </Popconfirm>
              ) : canBind[provider] ? (
                <Button type="primary" loading={busy === provider} onClick={() => bind.run(provider as 'qq' | 'wx')}>
                  去绑定
                </Button>
              ) : (
                <Typography.Text type="secondary">本站未开启该登录方式</Typography.Text>
              )}
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}

type Flags = Pick<WeixinBindView, 'notifyOrder' | 'notifyFunds' | 'notifyLogin'>;
const FLAG_LABELS: Record<keyof Flags, string> = {
  notifyOrder: '订单通知',
  notifyFunds: '资金变动通知',
  notifyLogin: '登录提醒',
};

/** 微信公众号通知：扫码关注并授权后绑定；选择接收哪些通知；可解除绑定。 */
export function WeixinNoticeSection() {
  const status = useQuery({
    queryKey: accountKeys.weixinBind,
    queryFn: () => unwrap(getWeixinBind(), { toast: false }),
  });
  const [qrcode, setQrcode] = useState<string | null>(null);
  const { options } = useAuthOptions();
  const data = status.data;

  const toggle = useAction({
    call: ({ key, on }: { key: keyof Flags; on: boolean }) => doWeixinBindFlags({ [key]: on }),
    success: '通知设置已保存',
    invalidates: [accountKeys.weixinBind],
  });
  const getQr = useAction({
    call: () => doWeixinBind(),
    onSuccess: (answer) => {
      if (answer.bound) void status.refetch();
      setQrcode(answer.qrcode ?? null);
    },
  });
  const remove = useAction({
    call: () => doWeixinBindDelete(),
    success: '已解除公众号绑定',
    invalidates: [accountKeys.weixinBind, ...ACCOUNT_CHANGES],
    onSuccess: () => setQrcode(null),
  });

  if (!data) return null;
  return (
    <div style={{ maxWidth: 520 }}>
      <Typography.Paragraph>
        当前状态：{data.bound ? <Tag color="green">已绑定公众号</Tag> : <Tag>未绑定</Tag>}
      </Typography.Paragraph>
      {(Object.keys(FLAG_LABELS) as Array<keyof Flags>).map((key) => (
        <div
          key={key}
          style={{
            display: 'flex',
            justifyContent: 'space-between',
            padding: '8px 0',
            borderBottom: '1px solid #f0f0f0',
          }}
        >
          <span>{FLAG_LABELS[key]}</span>
          <Switch
            checked={data[key]}
            loading={toggle.pendingInput?.key === key}
            onChange={(on) => toggle.run({ key, on })}
            aria-label={FLAG_LABELS[key]}
          />
        </div>
      ))}
      <div style={{ marginTop: 16 }}>
        {data.bound ? (
          <Popconfirm
            title="确定解除公众号绑定吗？"
            description="解除后将不再收到微信通知。"
            onConfirm={() => remove.act()}
          >
            <Button danger loading={remove.isPending}>
              解除绑定
            </Button>
          </Popconfirm>
        ) : options.oauth.mp ? (
          <Button type="primary" loading={getQr.isPending} onClick={() => getQr.run()}>
            获取绑定二维码
          </Button>
        ) : (
          <Alert type="info" showIcon title="本站尚未配置微信公众号，暂时无法绑定微信通知。" />
        )}
      </div>
      {qrcode && !data.bound && (
        <div style={{ marginTop: 16, textAlign: 'center' }}>
          <Image src={qrcode} alt="公众号绑定二维码" width={200} preview={false} />
          <Typography.Paragraph type="secondary">
            请用微信扫码，关注公众号并授权；二维码 10 分钟内有效。完成后点击下方按钮刷新状态。
          </Typography.Paragraph>
          <Button onClick={() => void status.refetch()}>我已完成绑定</Button>
        </div>
      )}
    </div>
  );
}
