import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { KeyOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { type CaptchaAnswer, type StaffLoginAnswer, type StaffLoginInput, staffLoginInput } from '@kapu/contract';
import { isSuccess, type Envelope } from '@/app/http/envelope';
import { AuthCard } from './auth-card';
import { CaptchaField, useCaptcha } from './captcha-field';
import { needsCaptcha } from './needs-captcha';
import { zodRule } from './zod-rule';
import { useAction } from '@/hooks/use-action';

/** Codes with which the server asks for the authenticator code (TOTP required / wrong). */
const TOTP_CODES = new Set([1205, 1206]);

export interface StaffLoginFormProps {
  title: string;
  subtitle: string;
  usernameHint: string;
  login: (input: StaffLoginInput) => Promise<Envelope<StaffLoginAnswer>>;
  loadCaptcha: () => Promise<Envelope<CaptchaAnswer>>;
  /** Keeps the session; answers an error message to show, or null when done. */
  onLoggedIn: (authCode: string) => Promise<string | null>;
}

/**
 * The staff login of the admin back office and of the service desk: both areas have the
 * server's captcha-after-failures, lockout and optional TOTP rules, so both show the same form.
 */
export function StaffLoginForm({ title, subtitle, usernameHint, login, loadCaptcha, onLoggedIn }: StaffLoginFormProps) {
  const [form] = Form.useForm<StaffLoginInput>();
  const [error, setError] = useState<string | null>(null);
  const [captchaShown, setCaptchaShown] = useState(false);
  const [totpShown, setTotpShown] = useState(false);
  const captcha = useCaptcha(loadCaptcha, captchaShown);

  // The form shows a refusal itself (no toast), so the task reads the whole answer.
  const sending = useAction({
    task: async (input: Parameters<typeof login>[0]) => {
      const answer = await login(input);
      if (!isSuccess(answer) || !answer.data || !('authCode' in answer.data)) {
        setError(answer.msg || '登录失败');
        // The server spends a captcha on every try: show (or refresh) one.
        if (needsCaptcha(answer)) {
          if (captchaShown) void captcha.refresh();
          setCaptchaShown(true);
          form.setFieldValue('captcha', '');
        } else if (captchaShown) void captcha.refresh();
        const data = answer.data as { totpRequired?: boolean } | null;
        if (data?.totpRequired || TOTP_CODES.has(answer.code)) {
          setTotpShown(true);
          form.setFieldValue('totp', '');
        }
        return;
      }
      setError(await onLoggedIn(answer.data.authCode));
    },
  });

  const submit = (values: StaffLoginInput) => {
    const parsed = staffLoginInput.safeParse({ ...values, captchaId: captchaShown ? captcha.captchaId : undefined });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? '请检查输入');
      return;
    }
    setError(null);
    sending.run(parsed.data);
  };

  return (
    <div className="auth-card-page">
      <AuthCard title={title} subtitle={subtitle}>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Form form={form} layout="vertical" size="large" onFinish={submit} requiredMark={false}>
          <Form.Item label="用户名" name="username" rules={[zodRule(staffLoginInput.shape.username)]}>
            <Input prefix={<UserOutlined />} placeholder={usernameHint} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item label="密码" name="password" rules={[zodRule(staffLoginInput.shape.password)]}>
            <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" />
          </Form.Item>
          {captchaShown && <CaptchaField captcha={captcha} />}
          {totpShown && (
            <Form.Item
              label="两步验证码"
              name="totp"
              rules={[zodRule(staffLoginInput.shape.totp)]}
              extra="打开身份验证器 App，输入 6 位动态码"
            >
              <Input
                prefix={<KeyOutlined />}
                placeholder="6 位动态码"
                maxLength={6}
                inputMode="numeric"
                autoComplete="one-time-code"
              />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={sending.isPending}>
            登录
          </Button>
        </Form>
      </AuthCard>
    </div>
  );
}
