import { useState } from 'react';
import { Alert, Button, Form, Input, Spin } from 'antd';
import { KeyOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router';
import { staffLoginInput, type StaffLoginInput } from '@kapu/contract';
import { getAdminCaptcha, getAdminMe, loginAdmin, probeAdminPath } from '@/api/admin';
import { isSuccess } from '@/app/http/envelope';
import { getCookie } from '@/app/storage/cookies';
import { readAdminPath, readAdminToken } from '@/app/storage/local';
import { clearAdminSession, saveAdminSession, saveStaffRoles } from '@/app/storage/sessions';
import { AuthCard } from '@/components/auth-card';
import { zodRule } from '@/components/zod-rule';
import { CaptchaField, useCaptcha } from '@/components/captcha-field';
import { needsCaptcha } from '@/components/needs-captcha';
import NotFoundPage from '@/areas/errors/pages/not-found';

/** 后台登录（/{adminPath}/index）：后台路径不对时显示 404；已登录时直接进入控制台。 */
export default function AdminLoginPage() {
  const { adminPath = '' } = useParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [captchaShown, setCaptchaShown] = useState(false);
  const [totpShown, setTotpShown] = useState(false);
  const [form] = Form.useForm<StaffLoginInput>();
  const captcha = useCaptcha(() => getAdminCaptcha(adminPath), captchaShown);
  const probe = useQuery({
    queryKey: ['admin-probe', adminPath],
    queryFn: async () => isSuccess(await probeAdminPath(adminPath)),
    retry: false,
    staleTime: Infinity,
  });

  const loggedIn = readAdminPath() === adminPath && !!readAdminToken() && !!getCookie('token-admin');
  if (loggedIn) return <Navigate to={`/${adminPath}/dashboard`} replace />;
  if (probe.isPending) {
    return (
      <div className="auth-card-page">
        <Spin size="large" />
      </div>
    );
  }
  if (probe.isError || !probe.data) return <NotFoundPage />;

  const submit = async (values: StaffLoginInput) => {
    const parsed = staffLoginInput.safeParse({ ...values, captchaId: captchaShown ? captcha.captchaId : undefined });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? '请检查输入');
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const answer = await loginAdmin(adminPath, parsed.data);
      if (!isSuccess(answer) || !answer.data || !('authCode' in answer.data)) {
        setError(answer.msg || '登录失败');
        if (needsCaptcha(answer)) {
          if (captchaShown) void captcha.refresh();
          setCaptchaShown(true);
          form.setFieldValue('captcha', '');
        } else if (captchaShown) void captcha.refresh();
        const data = answer.data as { totpRequired?: boolean } | null;
        if (data?.totpRequired || answer.code === 1205 || answer.code === 1206) {
          setTotpShown(true);
          form.setFieldValue('totp', '');
        }
        return;
      }
      saveAdminSession(adminPath, answer.data.authCode);
      const me = await getAdminMe(adminPath);
      if (!isSuccess(me)) {
        clearAdminSession();
        setError(me.msg || '无法读取管理员信息');
        return;
      }
      saveStaffRoles(me.data);
      navigate(`/${adminPath}/dashboard`, { replace: true });
    } catch {
      // HTTP errors already showed their toast.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="auth-card-page">
      <AuthCard title="管理后台" subtitle="请使用管理员账号登录">
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Form form={form} layout="vertical" size="large" onFinish={submit} requiredMark={false}>
          <Form.Item label="用户名" name="username" rules={[zodRule(staffLoginInput.shape.username)]}>
            <Input prefix={<UserOutlined />} placeholder="管理员用户名" autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item label="密码" name="password" rules={[zodRule(staffLoginInput.shape.password)]}>
            <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" />
          </Form.Item>
          {captchaShown && <CaptchaField captcha={captcha} />}
          {totpShown && (
            <Form.Item label="两步验证码" name="totp" rules={[zodRule(staffLoginInput.shape.totp)]} extra="打开身份验证器 App，输入 6 位动态码">
              <Input prefix={<KeyOutlined />} placeholder="6 位动态码" maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={submitting}>
            登录
          </Button>
        </Form>
      </AuthCard>
    </div>
  );
}
