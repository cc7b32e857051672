import { useState } from 'react';
import { Alert, Button, Form, Input, Spin } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router';
import { staffLoginInput, type StaffLoginInput } from '@kapu/contract';
import { getAdminMe, loginAdmin, probeAdminPath } from '@/api/admin';
import { isSuccess } from '@/app/http/envelope';
import { getCookie } from '@/app/storage/cookies';
import { readAdminPath, readAdminToken } from '@/app/storage/local';
import { clearAdminSession, saveAdminSession, saveStaffRoles } from '@/app/storage/sessions';
import { AuthCard } from '@/components/auth-card';
import { zodRule } from '@/components/zod-rule';
import NotFoundPage from '@/areas/errors/pages/not-found';

/** 后台登录（/{adminPath}/index）：后台路径不对时显示 404；已登录时直接进入控制台。 */
export default function AdminLoginPage() {
  const { adminPath = '' } = useParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
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
    const parsed = staffLoginInput.safeParse(values);
    if (!parsed.success) return;
    setSubmitting(true);
    setError(null);
    try {
      const answer = await loginAdmin(adminPath, parsed.data);
      if (!isSuccess(answer)) {
        setError(answer.msg || '登录失败');
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
        <Form layout="vertical" size="large" onFinish={submit} requiredMark={false}>
          <Form.Item label="用户名" name="username" rules={[zodRule(staffLoginInput.shape.username)]}>
            <Input prefix={<UserOutlined />} placeholder="管理员用户名" autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item label="密码" name="password" rules={[zodRule(staffLoginInput.shape.password)]}>
            <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            登录
          </Button>
        </Form>
      </AuthCard>
    </div>
  );
}
