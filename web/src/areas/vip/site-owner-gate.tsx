import type { ReactNode } from 'react';
import { Button, Card, Result, Skeleton } from 'antd';
import { ShopOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useUserStore } from '@/app/stores/user-store';
import { PageFrame } from '@/components/page-frame';
import { useRouteMeta } from '@/hooks/use-route-meta';

/** What a member without a site sees on a /vip/* page: what a site gives them, and the way to open one. */
export function OpenSiteOffer() {
  const meta = useRouteMeta();
  return (
    <PageFrame title={meta?.title ?? '分站管理'}>
      <Card>
        <Result
          icon={<ShopOutlined style={{ color: '#1677ff' }} />}
          title="你还没有开通分站"
          subTitle="开通分站后就有了自己的店铺：自定商品加价，发展自己的客户和下级分站，每笔订单的利润在发货后自动结算到你的余额。"
          extra={
            <Link to="/inside/selfCreatVip">
              <Button type="primary" size="large">
                立即开通分站
              </Button>
            </Link>
          }
        />
      </Card>
    </PageFrame>
  );
}

/**
 * Only site owners (the `vip` access code of their session) open a /vip/* page; other members
 * see the offer instead, and the page (with its calls) never mounts. The shell wraps every route
 * whose access is `vip` in it.
 */
export function SiteOwnerGate({ children }: { children: ReactNode }) {
  const member = useUserStore((s) => s.byArea.user);
  if (!member) return <Skeleton active paragraph={{ rows: 6 }} />;
  return member.access.includes('vip') ? children : <OpenSiteOffer />;
}
