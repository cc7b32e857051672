import { lazy, Suspense } from 'react';
import { Card, Col, Descriptions, Row, Skeleton, Space, Statistic, Typography } from 'antd';
import { ApartmentOutlined, TeamOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DashboardPeriodLabels, type SiteOfficeDesktop } from '@kapu/contract';
import { getSiteDesktop } from '@/api/site-office';
import { siteOfficeKeys } from '@/api/keys';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { PageFrame } from '@/components/page-frame';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { SiteStatusTag } from '../../share-status-tag';

// ECharts loads in its own chunk, as on the admin 控制台.
const TrendChart = lazy(() => import('@/components/trend-chart'));

function PeriodCards({ data, loading }: { data?: SiteOfficeDesktop; loading: boolean }) {
  return (
    <Row gutter={[16, 16]}>
      {(['today', 'week', 'month'] as const).map((key) => {
        const p = data?.periods.find((x) => x.key === key);
        return (
          <Col key={key} xs={24} md={8}>
            <Card data-testid={`site-period-${key}`}>
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
                    title="我的利润"
                    value={p ? formatYuan(p.profit) : '—'}
                    valueStyle={{ fontSize: 16, color: '#389e0d' }}
                    loading={loading}
                  />
                </Col>
                <Col span={8}>
                  <Statistic
                    title="新客户"
                    value={p?.newCustomers ?? '—'}
                    valueStyle={{ fontSize: 16 }}
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

function ProfitCard({ data, loading }: { data?: SiteOfficeDesktop; loading: boolean }) {
  const p = data?.profit;
  const items = [
    { key: 'released', title: '已入账（可提现）', value: p?.released, color: '#389e0d' },
    { key: 'frozen', title: '冻结中', value: p?.frozen, color: '#1677ff' },
    { key: 'pending', title: '待结算（未发货）', value: p?.pending },
    { key: 'reversed', title: '退款退回', value: p?.reversed, color: p?.reversed ? '#cf1322' : undefined },
  ];
  return (
    <Card
      title="我的利润"
      size="small"
      extra={<Link to="/inside/accountmoney">资金明细</Link>}
      data-testid="site-profit"
    >
      <Row gutter={[12, 12]}>
        {items.map((item) => (
          <Col key={item.key} xs={12} md={6}>
            <Statistic
              title={item.title}
              value={item.value === undefined ? '—' : formatYuan(item.value)}
              valueStyle={{ fontSize: 20, color: item.color }}
              loading={loading}
            />
          </Col>
        ))}
      </Row>
      <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
        订单发货后利润进入冻结期，冻结期满自动转入余额；冻结期内发生退款会按比例退回。
      </Typography.Paragraph>
    </Card>
  );
}

/** 分站概况：本站销售、订单、我的利润与新客户，近 30 天趋势，利润去向，客户与下级分站。 */
export default function SiteDesktopPage() {
  const meta = useRouteMeta();
  const { data, isLoading } = useQuery({
    queryKey: siteOfficeKeys.desktop,
    queryFn: () => unwrap(getSiteDesktop()),
    refetchInterval: 60_000,
  });
  const site = data?.site;
  return (
    <PageFrame title="分站概况" description={meta?.description}>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card size="small" loading={isLoading}>
          {site && (
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2, xl: 4 }}
              items={[
                { key: 'title', label: '分站名称', children: site.title },
                {
                  key: 'path',
                  label: '访问地址',
                  children: site.path ? (
                    <a href={`/${site.path}/`} target="_blank" rel="noreferrer">
                      {`${window.location.host}/${site.path}`}
                    </a>
                  ) : (
                    '—'
                  ),
                },
                {
                  key: 'version',
                  label: '版本',
                  children: (
                    <Space size={4}>
                      {site.versionName || '—'}
                      <SiteStatusTag status={site.status} text={site.statusText} />
                    </Space>
                  ),
                },
                { key: 'expires', label: '到期时间', children: site.expiresAt || '永久' },
              ]}
            />
          )}
        </Card>
        <PeriodCards data={data} loading={isLoading} />
        <ProfitCard data={data} loading={isLoading} />
        <Card title="近 30 天趋势" size="small">
          {data ? (
            <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
              <TrendChart trend={data.trend} profitLabel="我的利润" />
            </Suspense>
          ) : (
            <Skeleton active paragraph={{ rows: 6 }} />
          )}
        </Card>
        <Row gutter={[16, 16]}>
          <Col xs={12}>
            <Link to="/vip/vipCustomer">
              <Card size="small" hoverable>
                <Statistic
                  title="本站客户"
                  value={data?.customers ?? '—'}
                  prefix={<TeamOutlined />}
                  loading={isLoading}
                />
              </Card>
            </Link>
          </Col>
          <Col xs={12}>
            <Link to="/vip/vipChild">
              <Card size="small" hoverable>
                <Statistic
                  title="下级分站"
                  value={data?.children ?? '—'}
                  prefix={<ApartmentOutlined />}
                  loading={isLoading}
                />
              </Card>
            </Link>
          </Col>
        </Row>
      </Space>
    </PageFrame>
  );
}
