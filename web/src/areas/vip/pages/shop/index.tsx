import { Alert, Card, Descriptions, Radio, Skeleton, Tabs, Tag, Typography } from 'antd';
import { ROUNDINGS, RoundingLabels, type SiteRounding } from '@kapu/contract';
import { setRounding } from '@/api/site-owner';
import { catalogKeys, siteOwnerKeys } from '@/api/keys';
import { LoadFailed } from '@/components/load-failed';
import { PageFrame } from '@/components/page-frame';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { RulesPanel } from '../../lib/rules-panel';
import { SitePaymentAccounts } from './payment-accounts';
import { SITE_STATUS, useSiteRules } from '../../lib/use-site-rules';

/** 分站店铺：店铺概况、售价取整方式、卖给买家和卖给下级分站（下级拿货价）的加价规则，以及自有收款账户。 */
export default function ShopPage() {
  const meta = useRouteMeta();
  const rules = useSiteRules();
  const rounding = useAction({
    call: (r: SiteRounding) => setRounding(r),
    success: '取整方式已保存，店铺售价已更新',
    invalidates: [siteOwnerKeys.all, catalogKeys.all],
  });
  const data = rules.data;
  const status = data ? (SITE_STATUS[data.site.status] ?? { text: data.site.status, color: 'default' }) : null;
  return (
    <PageFrame title="分站店铺" description={meta?.description}>
      {rules.isError ? (
        <Card>
          <LoadFailed title="分站信息加载失败" onRetry={() => void rules.refetch()} />
        </Card>
      ) : !data ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : (
        <>
          <Card style={{ marginBottom: 16 }}>
            <Descriptions column={{ xs: 1, sm: 2, lg: 3 }}>
              <Descriptions.Item label="分站名称">{data.site.title}</Descriptions.Item>
              <Descriptions.Item label="访问地址">
                {data.site.path ? (
                  <Typography.Link href={`/${data.site.path}/`} target="_blank" copyable>
                    {`${window.location.origin}/${data.site.path}/`}
                  </Typography.Link>
                ) : (
                  '未设置'
                )}
              </Descriptions.Item>
              <Descriptions.Item label="状态">
                {status && <Tag color={status.color}>{status.text}</Tag>}
              </Descriptions.Item>
              <Descriptions.Item label="售价取整" span={3}>
                <Radio.Group
                  value={data.rounding}
                  disabled={rounding.isPending}
                  options={ROUNDINGS.map((r) => ({ value: r, label: RoundingLabels[r] }))}
                  onChange={(e) => rounding.run(e.target.value as SiteRounding)}
                />
              </Descriptions.Item>
            </Descriptions>
            <Typography.Text type="secondary">
              加价后的价格按取整方式向上取整（例如 ¥10.12 取整到角为 ¥10.20），售价始终不低于成本价。
            </Typography.Text>
          </Card>
          <Card>
            <Tabs
              items={[
                {
                  key: 'buyer',
                  label: `买家售价（${data.buyer.length}）`,
                  children: <RulesPanel audience="buyer" rules={data.buyer} />,
                },
                {
                  key: 'child',
                  label: `下级拿货价（${data.child.length}）`,
                  children: (
                    <>
                      <Alert
                        type="info"
                        showIcon
                        style={{ marginBottom: 16 }}
                        title="下级分站从您这里拿货的价格"
                        description="下级拿货价 = 您的成本价 + 这里的加价，差价就是您从下级分站每笔订单中赚取的利润；下级分站只赚取它自己的加价部分。未设置时下级按您的成本价拿货。"
                      />
                      <RulesPanel audience="child" rules={data.child} />
                    </>
                  ),
                },
              ]}
            />
          </Card>
          <div style={{ marginTop: 16 }}>
            <SitePaymentAccounts />
          </div>
        </>
      )}
    </PageFrame>
  );
}
