import { Card, Tabs } from 'antd';
import { StaffComplaints } from '@/components/staff-complaints';
import { DeskConsults } from './desk-consults';
import { DeskLookup } from './desk-lookup';
import { DeskReplies } from './desk-replies';
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
      <Card>
        <Tabs
          destroyOnHidden
          items={[
            { key: 'complaints', label: '投诉处理', children: <StaffComplaints side="desk" /> },
            { key: 'consults', label: '咨询', children: <DeskConsults /> },
            { key: 'lookup', label: '会员与订单查询', children: <DeskLookup /> },
            { key: 'replies', label: '常用回复', children: <DeskReplies /> },
          ]}
        />
      </Card>
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
