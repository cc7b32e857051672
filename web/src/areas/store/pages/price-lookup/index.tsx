import { useState } from 'react';
import { Card, Input, Select, Space, Table, Tag } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { GoodsTypeLabels, type PriceListAnswer } from '@kapu/contract';
import { getPriceList } from '@/api/catalog';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { PageFrame } from '@/components/page-frame';
import { useDirs } from '@/hooks/use-catalog';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { tierText } from '../../lib/price';
import { catalogKeys } from '@/api/keys';

type Row = PriceListAnswer['list'][number];

/** 价格查询：商品 × 会员等级的价格表，可按分类与关键词查找。 */
export default function PriceLookupPage() {
  const meta = useRouteMeta();
  const dirs = useDirs();
  const [keyword, setKeyword] = useState<string>();
  const [dirId, setDirId] = useState<number>();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const prices = useQuery({
    queryKey: catalogKeys.priceList(keyword, dirId, page, pageSize),
    queryFn: () => unwrap(getPriceList({ keyword, dirId, page, pageSize })),
    placeholderData: keepPreviousData,
  });
  const levels = prices.data?.levels ?? [];
  const dirOptions = (dirs.data ?? []).flatMap((d) => [
    { value: d.id, label: d.name },
    ...d.children.map((c) => ({ value: c.id, label: `${d.name} / ${c.name}` })),
  ]);
  return (
    <PageFrame title="价格查询" description={meta?.description}>
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Select
            allowClear
            placeholder="全部分类"
            style={{ width: 220 }}
            options={dirOptions}
            value={dirId}
            onChange={(v?: number) => {
              setDirId(v);
              setPage(1);
            }}
            aria-label="分类"
          />
          <Input.Search
            allowClear
            placeholder="搜索商品名称"
            enterButton="查询"
            style={{ width: 280 }}
            onSearch={(v) => {
              setKeyword(v.trim() || undefined);
              setPage(1);
            }}
          />
        </Space>
        <Table<Row>
          rowKey="id"
          size="middle"
          loading={prices.isFetching}
          dataSource={prices.data?.list ?? []}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: page,
            pageSize,
            total: prices.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (t) => `共 ${t} 件商品`,
            onChange: (p, s) => {
              setPage(p);
              setPageSize(s);
            },
          }}
          columns={[
            {
              title: '商品',
              dataIndex: 'name',
              fixed: 'left',
              render: (v: string, r) => <Link to={`/inside/buyGoods?goodId=${r.id}`}>{v}</Link>,
            },
            { title: '类型', dataIndex: 'type', render: (v: Row['type']) => <Tag>{GoodsTypeLabels[v]}</Tag> },
            { title: '面值', dataIndex: 'faceValue', render: (v: number) => (v > 0 ? formatYuan(v) : '—') },
            ...levels.map((l) => ({
              title: l.name,
              key: `level-${l.id}`,
              render: (_: unknown, r: Row) => formatYuan(r.prices.find((p) => p.levelId === l.id)?.price ?? 0),
            })),
            {
              title: '批发价',
              key: 'wholesale',
              render: (_: unknown, r: Row) => (r.wholesale.length ? tierText(r.wholesale) : '—'),
            },
          ]}
        />
      </Card>
    </PageFrame>
  );
}
