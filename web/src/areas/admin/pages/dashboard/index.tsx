import { lazy, Suspense } from 'react';
import { Card, Col, Empty, Row, Skeleton, Space, Statistic, Table, Tag, Typography } from 'antd';
import { ClockCircleOutlined, SafetyOutlined, TeamOutlined, UserAddOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router';
import { DASHBOARD_LOW_STOCK, DashboardPeriodLabels, GoodsTypeLabels, type DashboardOverview } from '@kapu/contract';
import { firstAdminPage } from '@/app/layout/menu-entries';
import { getCookie } from '@/app/storage/cookies';
import { useUserStore } from '@/app/stores/user-store';
import { getDashboardSummary } from '@/api/admin';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { PageFrame } from '@/components/page-frame';
import './dashboard.css';
import { adminKeys } from '@/api/keys';

// ECharts only loads for staff who open the dashboard, in its own chunk.
const TrendChart = lazy(() => import('@/components/trend-chart'));

interface Queue {
  key: keyof DashboardOverview['pending'];
  title: string;
  to: string;
  permission: string;
}

const QUEUES: Queue[] = [
  { key: 'toDeliver', title: '待发货', to: 'orders?status=pending', permission: 'orders.manage' },
  { key: 'repeals', title: '撤销审核', to: 'orders?tab=repeals', permission: 'orders.manage' },
  { key: 'withdrawals', title: '待审核提现', to: 'withdrawals', permission: 'funds.manage' },
  { key: 'certify', title: '实名审核', to: 'certify', permission: 'members.edit' },
];

function PeriodCards({ data, loading }: { data?: DashboardOverview; loading: boolean }) {
  return (
    <Row gutter={[16, 16]}>
      {(['today', 'week', 'month'] as const).map((key) => {
        const p = data?.periods.find((x) => x.key === key);
        return (
          <Col key={key} xs={24} md={8}>
            <Card data-testid={`period-${key}`}>
              <Statistic
                title={`${DashboardPeriodLabels[key]}销售额`}
                value={p ? formatYuan(p.sales) : '—'}
                loading={loading}
              />
              <Row gutter={8} style={{ marginTop: 12 }}>
                <Col span={8}>
                  <Statistic title="订单" value={p?.orders ?? '—'} valueStyle={{ fontSize: 16 }} loading={loading} />
                </Col>
                <Col span={8}>
                  <Statistic
                    title="成本"
                    value={p ? formatYuan(p.cost) : '—'}
                    valueStyle={{ fontSize: 16 }}
                    loading={loading}
                  />
                </Col>
                <Col span={8}>
                  <Statistic
                    title="利润"
                    value={p ? formatYuan(p.profit) : '—'}
                    valueStyle={{ fontSize: 16, color: p && p.profit < 0 ? '#cf1322' : undefined }}
                    loading={loading}
                  />
                </Col>
              </Row>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}

function QueueLinks({ data, may }: { data?: DashboardOverview; may: (permission: string) => boolean }) {
  const { adminPath = '' } = useParams();
  const queues = QUEUES.filter((q) => may(q.permission));
  if (queues.length === 0) return null;
  return (
    <Card title="待办事项" size="small">
      <Row gutter={[12, 12]}>
        {queues.map((q) => {
          const count = data?.pending[q.key] ?? 0;
          return (
            <Col key={q.key} xs={12} md={6}>
              <Link
                to={`/${adminPath}/${q.to}`}
                className={`dashboard-queue${count > 0 ? ' has-work' : ''}`}
                data-testid={`queue-${q.key}`}
              >
                <Statistic title={q.title} value={data ? count : '—'} suffix={data ? '项' : undefined} />
              </Link>
            </Col>
          );
        })}
      </Row>
    </Card>
  );
}

function GoodsTables({ data, loading }: { data?: DashboardOverview; loading: boolean }) {
  const { adminPath = '' } = useParams();
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card title="热销商品（近 30 天）" size="small">
          <Table
            size="small"
            rowKey="goodsId"
            loading={loading}
            pagination={false}
            dataSource={data?.topGoods ?? []}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="近 30 天还没有成交" /> }}
            columns={[
              { title: '#', key: 'rank', width: 36, render: (_: unknown, __: unknown, i: number) => i + 1 },
              { title: '商品', dataIndex: 'name', ellipsis: true },
              { title: '销量', dataIndex: 'quantity', width: 70, align: 'right' },
              { title: '销售额', dataIndex: 'sales', width: 110, align: 'right', render: (v: number) => formatYuan(v) },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card
          title={`库存预警（剩余 ≤ ${DASHBOARD_LOW_STOCK}）`}
          size="small"
          extra={<Link to={`/${adminPath}/goods`}>商品管理</Link>}
        >
          <Table
            size="small"
            rowKey="goodsId"
            loading={loading}
            pagination={false}
            dataSource={data?.lowStock ?? []}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="在售商品库存充足" /> }}
            columns={[
              { title: '商品', dataIndex: 'name', ellipsis: true },
              {
                title: '类型',
                dataIndex: 'type',
                width: 70,
                render: (v: keyof typeof GoodsTypeLabels) => GoodsTypeLabels[v],
              },
              {
                title: '剩余',
                dataIndex: 'left',
                width: 80,
                align: 'right',
                render: (v: number) => <Tag color={v === 0 ? 'red' : 'orange'}>{v === 0 ? '售罄' : v}</Tag>,
              },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}

function AccountCounters({ data, loading }: { data?: DashboardOverview; loading: boolean }) {
  const cards = [
    { title: '会员总数', value: data?.memberCount, icon: <TeamOutlined /> },
    { title: '今日新增会员', value: data?.todayMemberCount, icon: <UserAddOutlined /> },
    { title: '管理员数量', value: data?.staffCount, icon: <SafetyOutlined /> },
    { title: '在线会话', value: data?.activeSessions, icon: <ClockCircleOutlined /> },
  ];
  return (
    <Row gutter={[16, 16]}>
      {cards.map((card) => (
        <Col key={card.title} xs={12} xl={6}>
          <Card size="small">
            <Statistic
              title={card.title}
              value={card.value ?? '—'}
              prefix={card.icon}
              loading={loading}
              valueStyle={{ fontSize: 18 }}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** 控制台：今日 / 7 天 / 30 天的销售、成本与利润，趋势图，热销与库存预警，待办队列与账户统计。 */
export default function AdminDashboardPage() {
  const { adminPath = '' } = useParams();
  const meta = useRouteMeta();
  // Staff whose role has no 控制台 go on to the first page they may open (not to /403).
  const staff = useUserStore((s) => s.byArea.admin);
  const viewer = staff
    ? { access: staff.access, verifyRole: getCookie('verifyRole'), roleIds: getCookie('roleIds') }
    : null;
  const may = (permission: string) => !viewer || viewer.verifyRole === '0' || viewer.access.includes(permission);
  const allowed = may('dashboard.view');
  const { data, isLoading } = useQuery({
    queryKey: adminKeys.dashboard,
    queryFn: () => unwrap(getDashboardSummary()),
    enabled: allowed && !!staff,
    refetchInterval: 60_000,
  });
  if (viewer && !allowed) return <Navigate to={firstAdminPage(viewer, adminPath)} replace />;
  return (
    <PageFrame title="控制台" description={meta?.description}>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <PeriodCards data={data} loading={isLoading} />
        <QueueLinks data={data} may={may} />
        <Card title="近 30 天趋势" size="small">
          {data ? (
            <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
              <TrendChart trend={data.trend} />
            </Suspense>
          ) : (
            <Skeleton active paragraph={{ rows: 6 }} />
          )}
        </Card>
        <GoodsTables data={data} loading={isLoading} />
        <Typography.Text type="secondary">账户</Typography.Text>
        <AccountCounters data={data} loading={isLoading} />
      </Space>
    </PageFrame>
  );
}
