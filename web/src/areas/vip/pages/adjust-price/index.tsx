import type { PriceListAnswer } from '@kapu/contract';
import { useState } from 'react';
import { Alert, Button, Card, Input, Skeleton, Space, Table, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { getGoodsList, getPriceList } from '@/api/catalog';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { PageFrame } from '@/components/page-frame';
import { useBuyerKey, useIsMember } from '@/hooks/use-catalog';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { catalogKeys } from '@/api/keys';
import { accountQuery } from '@/hooks/use-account';
import { OwnerMarkup } from './owner-markup';

type Row = PriceListAnswer['list'][number];

/** 商品调价：分站站长在这里设置并预览加价；其他人看到进货价与各会员等级价的对照，以及开通分站的入口。 */
export default function AdjustPricePage() {
  const member = useIsMember();
  // Visitors have no account: asking would end in the -2 session dialog.
  const account = useQuery({ ...accountQuery, enabled: member });
  if (member && account.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (account.data?.access.includes('vip')) return <OwnerMarkup />;
  return <PriceCompare member={member} />;
}

/** 只读的价格对照（非站长），附开通分站的入口。 */
function PriceCompare({ member }: { member: boolean }) {
  const meta = useRouteMeta();
  const buyer = useBuyerKey();
  const [keyword, setKeyword] = useState<string>();
  const [page, setPage] = useState(1);
  const prices = useQuery({
    queryKey: catalogKeys.adjustLevels(keyword, page),
    queryFn: () => unwrap(getPriceList({ keyword, page, pageSize: 20 })),
    placeholderData: keepPreviousData,
  });
  // The same page of goods at the buyer's own level (getList answers the caller's price).
  const mine = useQuery({
    queryKey: catalogKeys.adjustMine(buyer, keyword, page),
    queryFn: () => unwrap(getGoodsList({ keyword, page, pageSize: 20 })),
    placeholderData: keepPreviousData,
  });
  const myPrice = new Map((mine.data?.list ?? []).map((g) => [g.id, g.price]));
  const levels = prices.data?.levels ?? [];
  return (
    <PageFrame title="商品调价" description={meta?.description}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="价格对照"
        description={
          member
            ? '下表列出您当前等级的进货价与各会员等级价，供设置售价时参考。'
            : '登录后可看到按您的会员等级计算的进货价。'
        }
      />
      <Alert
        type="success"
        showIcon
        style={{ marginBottom: 16 }}
        title="开通分站，自己定价赚差价"
        description="开通分站后，您可以按比例、固定金额、目录、单个商品或价格区间设置加价，买家在您的分站按加价后的价格购买，差价就是您的利润。"
        action={
          <Link to={member ? '/inside/selfCreatVip' : `/login?redirect=${encodeURIComponent('/inside/selfCreatVip')}`}>
            <Button type="primary" size="small">
              开通分站
            </Button>
          </Link>
        }
      />
      <Card>
        <Space style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            placeholder="搜索商品名称"
            enterButton="查询"
            onSearch={(v) => {
              setKeyword(v.trim() || undefined);
              setPage(1);
            }}
          />
        </Space>
        <Table<Row>
          rowKey="id"
          loading={prices.isFetching}
          dataSource={prices.data?.list ?? []}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: page,
            pageSize: 20,
            total: prices.data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
          columns={[
            {
              title: '商品',
              dataIndex: 'name',
              render: (v: string, r) => <Link to={`/inside/buyGoods?goodId=${r.id}`}>{v}</Link>,
            },
            {
              title: member ? '我的价格' : '游客价',
              key: 'mine',
              render: (_: unknown, r: Row) => (
                <Typography.Text strong type="danger">
                  {myPrice.has(r.id) ? formatYuan(myPrice.get(r.id)!) : '—'}
                </Typography.Text>
              ),
            },
            ...levels.map((l) => ({
              title: l.name,
              key: `l${l.id}`,
              render: (_: unknown, r: Row) => formatYuan(r.prices.find((p) => p.levelId === l.id)?.price ?? 0),
            })),
          ]}
        />
      </Card>
    </PageFrame>
  );
}
