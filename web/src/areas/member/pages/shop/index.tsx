import { Card, Skeleton, Typography } from 'antd';
import { ShopPriceModes } from '@kapu/contract';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { PageFrame } from '@/components/page-frame';
import { LoadFailed } from '@/components/load-failed';
import { useSecurity } from '../my-account/use-security';
import { ShopPriceForm } from '../my-account/sections/shop-price';

/** 店铺售价：选择我的店铺向访客显示哪种价格（doShopPrice）。 */
export default function ShopPage() {
  const meta = useRouteMeta();
  const security = useSecurity();
  return (
    <PageFrame title="店铺售价" description={meta?.description}>
      <Card>
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
    </PageFrame>
  );
}
