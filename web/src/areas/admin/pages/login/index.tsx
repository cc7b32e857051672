import { Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router';
import { getAdminCaptcha, getAdminMe, loginAdmin, probeAdminPath } from '@/api/admin';
import { isSuccess } from '@/app/http/envelope';
import { getCookie } from '@/app/storage/cookies';
import { readAdminPath, readAdminToken } from '@/app/storage/local';
import { clearAdminSession, saveAdminSession, saveStaffRoles, staffRoleCookies } from '@/app/storage/sessions';
import { firstAdminPage } from '@/app/layout/menu-entries';
import { StaffLoginForm } from '@/components/staff-login-form';
import NotFoundPage from '@/areas/errors/pages/not-found';
import { adminKeys } from '@/api/keys';

/** 后台登录（/{adminPath}/index）：后台路径不对时显示 404；已登录时直接进入控制台。 */
export default function AdminLoginPage() {
  const { adminPath = '' } = useParams();
  const navigate = useNavigate();
  const probe = useQuery({
    queryKey: adminKeys.probe(adminPath),
    queryFn: async () => isSuccess(await probeAdminPath()),
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

  const keepSession = async (authCode: string): Promise<string | null> => {
    saveAdminSession(adminPath, authCode);
    const me = await getAdminMe();
    if (!isSuccess(me)) {
      clearAdminSession();
      return me.msg || '无法读取管理员信息';
    }
    saveStaffRoles(me.data);
    navigate(firstAdminPage({ access: me.data.access, ...staffRoleCookies(me.data) }, adminPath), { replace: true });
    return null;
  };

  return (
    <StaffLoginForm
      title="管理后台"
      subtitle="请使用管理员账号登录"
      usernameHint="管理员用户名"
      login={(input) => loginAdmin(input)}
      loadCaptcha={() => getAdminCaptcha()}
      onLoggedIn={keepSession}
    />
  );
}
