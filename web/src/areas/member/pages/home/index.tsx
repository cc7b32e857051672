import { Avatar, Button, Card, Col, Descriptions, Empty, List, Row, Skeleton, Statistic, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { DEFAULT_AVATAR } from '@kapu/contract';
import { formatYuan } from '@/app/format';
import { useAccount } from '@/hooks/use-account';
import { PageFrame } from '@/components/page-frame';
import { LoadFailed } from '@/components/load-failed';
import './member-home.css';
import { useQuery } from '@tanstack/react-query';
import { getAnnouncements } from '@/api/content';
import { unwrap } from '@/app/http/unwrap';
import { AnnouncementList } from '@/components/announcement-list';
import { getMyOrders } from '@/api/orders';
import { OrderStatusTag } from '@/components/order-view';
import { contentKeys, ordersKeys } from '@/api/keys';

/** The member's five newest orders, each linking to its detail; an empty state only when there are none. */
function RecentOrders({ onShop }: { onShop: () => void }) {
  const orders = useQuery({
    queryKey: ordersKeys.recent,
    queryFn: () => unwrap(getMyOrders({ page: 1, pageSize: 5 }), { toast: false }),
  });
  if (orders.isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (orders.isError) return <LoadFailed title="最近订单加载失败" onRetry={() => void orders.refetch()} />;
  const items = orders.data?.list ?? [];
  if (items.length === 0) {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="您还没有订单，去商品分类挑选商品吧">
        <Button type="primary" onClick={onShop}>
          去选购
        </Button>
      </Empty>
    );
  }
  return (
    <List
      dataSource={items}
      rowKey="orderNo"
      renderItem={(o) => (
        <List.Item extra={<Typography.Text strong>{formatYuan(o.amount)}</Typography.Text>}>
          <List.Item.Meta
            title={<Link to={`/inside/showordermess?orderNo=${o.orderNo}`}>{`${o.goodsName} × ${o.quantity}`}</Link>}
            description={
              <span>
                <OrderStatusTag status={o.status} text={o.statusText} /> {o.createdAt} · 订单号 {o.orderNo}
              </span>
            }
          />
        </List.Item>
      )}
    />
  );
}

/** The latest five announcements (pinned first). */
function HomeAnnouncements() {
  const list = useQuery({
    queryKey: contentKeys.announcements(1, 5),
    queryFn: () => unwrap(getAnnouncements({ page: 1, pageSize: 5 }), { toast: false }),
  });
  return <AnnouncementList items={list.data?.list ?? []} loading={list.isLoading} compact />;
}

/** 会员中心首页：欢迎语、余额、等级、账户信息，以及最近订单与公告。 */
export default function MemberHomePage() {
  const { data: account, isLoading, isError, refetch } = useAccount();
  const navigate = useNavigate();
  return (
    <PageFrame title="会员中心">
      <Card className="member-welcome">
        {isError ? (
          <LoadFailed title="账户信息加载失败" onRetry={() => void refetch()} />
        ) : isLoading || !account ? (
          <Skeleton avatar active paragraph={{ rows: 1 }} />
        ) : (
          <div className="member-welcome-row">
            <Avatar size={64} src={account.avatar || DEFAULT_AVATAR} icon={<UserOutlined />} />
            <div>
              <Typography.Title level={4} style={{ margin: 0 }}>
                欢迎回来，{account.nickname || account.loginName}
              </Typography.Title>
              <Typography.Text type="secondary">
                会员编号 {account.userNo} · 注册于 {account.createdAt}
              </Typography.Text>
            </div>
          </div>
        )}
      </Card>
      <Row gutter={[16, 16]} className="member-stats">
        <Col xs={24} sm={12} lg={8}>
          <Card>
            <Statistic title="账户余额" value={account ? formatYuan(account.balance) : '—'} loading={isLoading} />
            <div className="member-stat-actions">
              <Button type="primary" size="small" onClick={() => navigate('/pay/recharge')}>
                充值
              </Button>
              <Button size="small" onClick={() => navigate('/inside/accountmoney')}>
                资金明细
              </Button>
            </div>
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={8}>
          <Card>
            <Statistic title="会员等级" value={account?.levelName || '—'} loading={isLoading} />
            <div className="member-stat-actions">
              <Button size="small" onClick={() => navigate('/inside/selfLevel')}>
                查看等级权益
              </Button>
            </div>
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card>
            <Statistic
              title="交易密码"
              value={account ? (account.salePwdEnabled ? '已开启' : '未开启') : '—'}
              loading={isLoading}
            />
            <div className="member-stat-actions">
              <Button size="small" onClick={() => navigate('/inside/inter/myaccount')}>
                安全设置
              </Button>
            </div>
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title="账户信息">
            <Descriptions column={1} size="small">
              <Descriptions.Item label="登录名">{account?.loginName ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="手机号">{account?.mobile || '未绑定'}</Descriptions.Item>
              <Descriptions.Item label="邮箱">{account?.email || '未绑定'}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card
            title="站点公告"
            extra={
              <Button type="link" onClick={() => navigate('/announcement')}>
                全部公告
              </Button>
            }
          >
            <HomeAnnouncements />
          </Card>
        </Col>
        <Col xs={24}>
          <Card
            title="最近订单"
            extra={
              <Button type="link" onClick={() => navigate('/inside/myOrder')}>
                全部订单
              </Button>
            }
          >
            <RecentOrders onShop={() => navigate('/inside/goodsdir')} />
          </Card>
        </Col>
      </Row>
    </PageFrame>
  );
}
