import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_RULE, registerInput } from '@kapu/contract';
import { getUserCaptcha, registerUser } from '@/api/user';
import { isSuccess } from '@/app/http/envelope';
import { startUserSession } from '@/app/session-start';
import { AuthCard } from '@/components/auth-card';
import { zodRule } from '@/components/zod-rule';
import { CaptchaField, useCaptcha } from '@/components/captcha-field';
import { needsCaptcha } from '@/components/needs-captcha';
import { useAuthOptions } from '@/hooks/use-auth-options';
import { useAction } from '@/hooks/use-action';

interface RegisterForm {
  loginName: string;
  password: string;
  confirm: string;
  email?: string;
  mobile?: string;
  inviteCode?: string;
  captcha?: string;
}

/** 会员注册：登录名、密码（含强度规则）、确认密码，可选邮箱/手机号，邀请码取自 ?inv=。 */
export default function RegisterPage() {
  const [form] = Form.useForm<RegisterForm>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const invite = params.get('inv') ?? '';
  const { options, isPending: optionsPending } = useAuthOptions();
  const captchaOn = !optionsPending && options.registerCaptcha;
  const captcha = useCaptcha(getUserCaptcha, captchaOn);

  // The form shows a refusal itself (no toast), so the task reads the whole answer.
  const sending = useAction({
    task: async (input: Parameters<typeof registerUser>[0]) => {
      const answer = await registerUser(input);
      if (!isSuccess(answer)) {
        setError(answer.msg || '注册失败');
        // Any answer spends the captcha: show a fresh one.
        if (captchaOn || needsCaptcha(answer)) {
          void captcha.refresh();
          form.setFieldValue('captcha', '');
        }
        return;
      }
      startUserSession(answer.data.authCode);
      navigate('/inside/index', { replace: true });
    },
  });

  const submit = ({ confirm: _confirm, ...values }: RegisterForm) => {
    const parsed = registerInput.safeParse({ ...values, captchaId: captchaOn ? captcha.captchaId : undefined });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? '请检查输入');
      return;
    }
    setError(null);
    sending.run(parsed.data);
  };

  const shape = registerInput.shape;
  return (
    <AuthCard
      title="注册会员"
      subtitle="注册后即可下单、充值和查看订单"
      footer={
        <span>
          已有账号？<Link to="/login">去登录</Link>
        </span>
      }
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark="optional"
        initialValues={{ inviteCode: invite }}
      >
        <Form.Item
          label="登录名"
          name="loginName"
          required
          rules={[zodRule(shape.loginName)]}
          extra="以字母开头，4-20 位字母、数字或下划线"
        >
          <Input placeholder="请输入登录名" autoComplete="username" />
        </Form.Item>
        <Form.Item label="密码" name="password" required rules={[zodRule(shape.password)]} extra={PASSWORD_RULE}>
          <Input.Password placeholder="请输入密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认密码"
          name="confirm"
          required
          dependencies={['password']}
          rules={[
            { required: true, message: '请再次输入密码' },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if (value && value !== getFieldValue('password')) throw new Error('两次输入的密码不一致');
              },
            }),
          ]}
        >
          <Input.Password placeholder="请再次输入密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="邮箱" name="email" rules={[zodRule(shape.email)]}>
          <Input placeholder="用于找回密码（选填）" autoComplete="email" />
        </Form.Item>
        <Form.Item label="手机号" name="mobile" rules={[zodRule(shape.mobile)]}>
          <Input placeholder="用于找回密码（选填）" autoComplete="tel" />
        </Form.Item>
        <Form.Item label="邀请码" name="inviteCode" rules={[zodRule(shape.inviteCode)]}>
          <Input placeholder="选填" disabled={invite !== ''} />
        </Form.Item>
        {captchaOn && <CaptchaField captcha={captcha} />}
        <Button type="primary" htmlType="submit" block size="large" loading={sending.isPending}>
          注册
        </Button>
      </Form>
    </AuthCard>
  );
}
