import { useState } from 'react';
import { Alert, Button, Form, Input, Result, Segmented } from 'antd';
import { Link, useNavigate } from 'react-router';
import { PASSWORD_RULE, email, forgetResetInput, mobile, sixDigitCode } from '@kapu/contract';
import { getUserCaptcha, resetForgetPassword, sendForgetCode } from '@/api/user';
import { isSuccess } from '@/app/http/envelope';
import { AuthCard } from '@/components/auth-card';
import { CaptchaField, useCaptcha } from '@/components/captcha-field';
import { SendCodeButton } from '@/components/send-code-button';
import { zodRule } from '@/components/zod-rule';
import { useAction } from '@/hooks/use-action';

type Channel = 'email' | 'sms';
interface ForgetForm {
  target: string;
  captcha?: string;
  code: string;
  newPassword: string;
  confirm: string;
}

/** 找回密码：用已绑定的邮箱或手机号收取 6 位验证码（60 秒可重发），再设置新登录密码。 */
export default function ForgetPage() {
  const [form] = Form.useForm<ForgetForm>();
  const navigate = useNavigate();
  const [channel, setChannel] = useState<Channel>('email');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const captcha = useCaptcha(getUserCaptcha);

  const send = async (): Promise<number | false> => {
    setError(null);
    setNotice(null);
    try {
      await form.validateFields(['target', 'captcha']);
    } catch {
      return false;
    }
    const { target, captcha: answer } = form.getFieldsValue();
    const sent = await sendForgetCode({ channel, target, captchaId: captcha.captchaId, captcha: answer });
    // The captcha is used up by the try, right or wrong.
    void captcha.refresh();
    form.setFieldValue('captcha', '');
    if (!isSuccess(sent)) {
      setError(sent.msg || '验证码发送失败');
      return false;
    }
    setNotice(
      channel === 'email'
        ? '如果该邮箱已绑定本站账号，验证码已发送，请查收邮件（5 分钟内有效）。'
        : '如果该手机号已绑定本站账号，验证码已发送，请查收短信（5 分钟内有效）。',
    );
    return sent.data.resendAfter;
  };

  // The form shows a refusal itself (no toast), so the task reads the whole answer.
  const sending = useAction({
    task: async (input: Parameters<typeof resetForgetPassword>[0]) => {
      const answer = await resetForgetPassword(input);
      if (!isSuccess(answer)) {
        setError(answer.msg || '重设密码失败');
        return;
      }
      setDone(true);
    },
  });

  const submit = (values: ForgetForm) => {
    const parsed = forgetResetInput.safeParse({
      channel,
      target: values.target,
      code: values.code,
      newPassword: values.newPassword,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? '请检查输入');
      return;
    }
    setError(null);
    sending.run(parsed.data);
  };

  if (done) {
    return (
      <AuthCard title="找回密码">
        <Result
          status="success"
          title="密码已重设"
          subTitle="所有设备上的登录都已退出，请使用新密码登录。"
          extra={
            <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
              去登录
            </Button>
          }
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="找回密码"
      subtitle="通过已绑定的邮箱或手机号验证身份"
      footer={
        <span>
          想起密码了？<Link to="/login">去登录</Link>
        </span>
      }
    >
      <Segmented<Channel>
        block
        value={channel}
        onChange={(value) => {
          setChannel(value);
          setError(null);
          setNotice(null);
          form.resetFields(['target', 'code']);
        }}
        options={[
          { label: '邮箱找回', value: 'email' },
          { label: '手机找回', value: 'sms' },
        ]}
        style={{ marginBottom: 16 }}
      />
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {notice && <Alert type="success" showIcon title={notice} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          label={channel === 'email' ? '邮箱' : '手机号'}
          name="target"
          rules={[zodRule(channel === 'email' ? email : mobile)]}
        >
          <Input
            placeholder={channel === 'email' ? '已绑定的邮箱' : '已绑定的手机号'}
            autoComplete={channel === 'email' ? 'email' : 'tel'}
          />
        </Form.Item>
        <CaptchaField captcha={captcha} />
        <Form.Item label="验证码" required>
          <div style={{ display: 'flex', gap: 8 }}>
            <Form.Item name="code" noStyle rules={[zodRule(sixDigitCode)]}>
              <Input
                placeholder="6 位验证码"
                maxLength={6}
                inputMode="numeric"
                autoComplete="one-time-code"
                aria-label="验证码"
              />
            </Form.Item>
            <SendCodeButton onSend={send} />
          </div>
        </Form.Item>
        <Form.Item
          label="新密码"
          name="newPassword"
          rules={[zodRule(forgetResetInput.shape.newPassword)]}
          extra={PASSWORD_RULE}
        >
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirm"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if (value && value !== getFieldValue('newPassword')) throw new Error('两次输入的密码不一致');
              },
            }),
          ]}
        >
          <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={sending.isPending}>
          重设密码
        </Button>
      </Form>
    </AuthCard>
  );
}
