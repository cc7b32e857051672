import { Card, Col, Row, Statistic } from 'antd';
import { ClockCircleOutlined, SafetyOutlined, TeamOutlined, UserAddOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { firstAdminPage } from '@/app/layout/menu-entries';
import { getCookie } from '@/app/storage/cookies';
import { useUserStore } from '@/app/stores/user-store';
import { getDashboardSummary } from '@/api/admin';
import { unwrap } from '@/app/http/unwrap';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { PageFrame } from '@/components/page-frame';

/** 控制台：会员、管理员与在线会话的统计卡片。 */
export default function AdminDashboardPage() {
  const { adminPath = '' } = useParams();
  const meta = useRouteMeta();
  // Staff whose role has no 控制台 go on to the first page they may open (not to /403).
  const staff = useUserStore((s) => s.byArea.admin);
  const viewer = staff ? { access: staff.access, verifyRole: getCookie('verifyRole'), roleIds: getCookie('roleIds') } : null;
  const allowed = !viewer || viewer.verifyRole === '0' || viewer.access.includes('dashboard.view');
  const { data, isLoading } = useQuery({
    queryKey: ['admin-dashboard', adminPath],
    queryFn: () => unwrap(getDashboardSummary(adminPath)),
    enabled: allowed && !!staff,
  });
  if (viewer && !allowed) return <Navigate to={firstAdminPage(viewer, adminPath)} replace />;
  const cards = [
    { title: '会员总数', value: data?.memberCount, icon: <TeamOutlined /> },
    { title: '今日新增会员', value: data?.todayMemberCount, icon: <UserAddOutlined /> },
    { title: '管理员数量', value: data?.staffCount, icon: <SafetyOutlined /> },
    { title: '在线会话', value: data?.activeSessions, icon: <ClockCircleOutlined /> },
  ];
  return (
    <PageFrame title="控制台" description={meta?.description}>
      <Row gutter={[16, 16]}>
        {cards.map((card) => (
          <Col key={card.title} xs={24} sm={12} xl={6}>
            <Card>
              <Statistic title={card.title} value={card.value ?? '—'} prefix={card.icon} loading={isLoading} />
            </Card>
          </Col>
        ))}
      </Row>
    </PageFrame>
  );
}
