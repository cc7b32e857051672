import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginInput, type LoginInput } from '@kapu/contract';
import { getUserCaptcha, loginUser } from '@/api/user';
import { isSuccess } from '@/app/http/envelope';
import { safeRedirect } from '@/app/guards/route-guards';
import { startUserSession } from '@/app/session-start';
import { AuthCard } from '@/components/auth-card';
import { CaptchaField, useCaptcha } from '@/components/captcha-field';
import { OAuthLoginButtons } from '@/components/oauth-buttons';
import { zodRule } from '@/components/zod-rule';
import { needsCaptcha } from '@/components/needs-captcha';
import { useAction } from '@/hooks/use-action';

/** 会员登录（frontLogin）：登录名/手机号/邮箱 + 密码；失败多次后要图形验证码，成功后回到 ?redirect=。 */
export default function LoginPage() {
  const [form] = Form.useForm<LoginInput>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [captchaShown, setCaptchaShown] = useState(false);
  const captcha = useCaptcha(getUserCaptcha, captchaShown);

  // The form shows a refusal itself (no toast), so the task reads the whole answer.
  const sending = useAction({
    task: async (input: Parameters<typeof loginUser>[0]) => {
      const answer = await loginUser(input);
      if (!isSuccess(answer) || !answer.data || !('authCode' in answer.data)) {
        setError(answer.msg || '登录失败');
        if (needsCaptcha(answer)) {
          // The server spends a captcha on every try: show a fresh one.
          if (captchaShown) void captcha.refresh();
          setCaptchaShown(true);
          form.setFieldValue('captcha', '');
        }
        return;
      }
      startUserSession(answer.data.authCode);
      navigate(safeRedirect(params.get('redirect'), '/inside/index'), { replace: true });
    },
  });

  const submit = (values: LoginInput) => {
    const parsed = loginInput.safeParse({ ...values, captchaId: captchaShown ? captcha.captchaId : undefined });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? '请检查输入');
      return;
    }
    setError(null);
    sending.run(parsed.data);
  };

  return (
    <AuthCard
      title="会员登录"
      subtitle="使用登录名、手机号或邮箱登录"
      footer={
        <>
          <Link to="/forget">忘记密码？</Link>
          <span>
            还没有账号？
            <Link to={`/register${params.get('inv') ? `?inv=${encodeURIComponent(params.get('inv') ?? '')}` : ''}`}>
              立即注册
            </Link>
          </span>
        </>
      }
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" size="large" onFinish={submit} requiredMark={false} autoComplete="on">
        <Form.Item label="账号" name="account" rules={[zodRule(loginInput.shape.account)]}>
          <Input prefix={<UserOutlined />} placeholder="登录名 / 手机号 / 邮箱" autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="密码" name="password" rules={[zodRule(loginInput.shape.password)]}>
          <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" />
        </Form.Item>
        {captchaShown && <CaptchaField captcha={captcha} />}
        <Button type="primary" htmlType="submit" block loading={sending.isPending}>
          登录
        </Button>
      </Form>
      <OAuthLoginButtons />
    </AuthCard>
  );
}
