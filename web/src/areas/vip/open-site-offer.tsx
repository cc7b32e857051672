import { Button, Card, Result } from 'antd';
import { useNavigate } from 'react-router';
import { PageFrame } from '@/components/page-frame';
import { useRouteMeta } from '@/hooks/use-route-meta';

/** What a /vip page shows a member who owns no site: the back office is for site owners, with the way to become one. */
export function OpenSiteOffer() {
  const meta = useRouteMeta();
  const navigate = useNavigate();
  return (
    <PageFrame title={meta?.title ?? '分站管理'}>
      <Card>
        <Result
          status="info"
          title="你还没有开通分站"
          subTitle="开通分站后即可拥有自己的店铺：自定义名称与访问地址、设置商品售价、发展下级分站并赚取差价。"
          extra={
            <Button type="primary" onClick={() => navigate('/inside/selfCreatVip')}>
              立即开通分站
            </Button>
          }
        />
      </Card>
    </PageFrame>
  );
}
