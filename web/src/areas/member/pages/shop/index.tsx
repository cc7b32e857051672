import { Button, Card, Skeleton, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { ShopPriceModes } from '@kapu/contract';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { useAccount } from '@/hooks/use-account';
import { PageFrame } from '@/components/page-frame';
import { LoadFailed } from '@/components/load-failed';
import { RulesSummary } from '@/areas/vip/lib/rules-summary';
import { useSecurity } from '../my-account/use-security';
import { ShopPriceForm } from '../my-account/sections/shop-price';

/** 店铺售价：我的店铺向访客显示哪种价格（doShopPrice）；分站站长还看到加价规则的概要与入口。 */
export default function ShopPage() {
  const meta = useRouteMeta();
  const security = useSecurity();
  const account = useAccount();
  const owner = account.data?.access.includes('vip') ?? false;
  return (
    <PageFrame title="店铺售价" description={meta?.description}>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {owner ? (
          <RulesSummary />
        ) : (
          account.data && (
            <Card title="分站加价">
              <Typography.Paragraph type="secondary">
                开通分站后，可以按比例、固定金额、目录、单个商品或价格区间设置加价，买家在您的分站按加价后的价格购买。
              </Typography.Paragraph>
              <Link to="/inside/selfCreatVip">
                <Button type="primary">开通分站</Button>
              </Link>
            </Card>
          )
        )}
        <Card title="显示价格">
          {security.isError ? (
            <LoadFailed title="店铺设置加载失败" onRetry={() => void security.refetch()} />
          ) : !security.data ? (
            <Skeleton active />
          ) : (
            <>
              <Typography.Paragraph>
                当前显示：<Typography.Text strong>{ShopPriceModes[security.data.shopPriceMode]}</Typography.Text>
              </Typography.Paragraph>
              <ShopPriceForm key={security.data.shopPriceMode} mode={security.data.shopPriceMode} />
            </>
          )}
        </Card>
      </Space>
    </PageFrame>
  );
}
