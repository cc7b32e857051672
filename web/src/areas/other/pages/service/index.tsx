import { Card, Col, Empty, Row } from 'antd';
import { getOtherCaptcha, loginOther } from '@/api/other';
import { AppShell } from '@/app/layout/app-shell';
import { queryClient } from '@/app/providers';
import { readOtherToken, writeOtherToken } from '@/app/storage/local';
import { PageFrame } from '@/components/page-frame';
import { StaffLoginForm } from '@/components/staff-login-form';
import { useStoredSession } from '@/hooks/use-stored-session';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { shellKeys } from '@/api/keys';

function ServiceLogin() {
  const keepSession = async (authCode: string): Promise<string | null> => {
    queryClient.removeQueries({ queryKey: shellKeys.area('other') });
    writeOtherToken(authCode);
    return null;
  };
  return (
    <StaffLoginForm
      title="客服台登录"
      subtitle="客服人员专用，请使用客服账号登录"
      usernameHint="客服用户名"
      login={loginOther}
      loadCaptcha={getOtherCaptcha}
      onLoggedIn={keepSession}
    />
  );
}

function ServiceDesk() {
  const meta = useRouteMeta();
  return (
    <PageFrame title="客服台" description={meta?.description}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title="待回复咨询">
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="当前没有待回复的咨询" />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="待处理投诉">
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="当前没有待处理的投诉" />
          </Card>
        </Col>
      </Row>
    </PageFrame>
  );
}

/** 客服台（/other/service）：未登录显示客服登录表单，登录后进入客服工作台。 */
export default function ServicePage() {
  const token = useStoredSession(readOtherToken);
  if (!token) return <ServiceLogin />;
  return (
    <AppShell shell="other">
      <ServiceDesk />
    </AppShell>
  );
}
