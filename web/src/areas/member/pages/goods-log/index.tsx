import type { GoodsLogEntry } from '@kapu/contract';
import { useState } from 'react';
import { Card, Table, Tag } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { getGoodsLogs } from '@/api/catalog';
import { unwrap } from '@/app/http/unwrap';
import { PageFrame } from '@/components/page-frame';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { catalogKeys } from '@/api/keys';

const KINDS: Record<string, { text: string; color: string }> = {
  price: { text: '价格', color: 'orange' },
  status: { text: '状态', color: 'blue' },
  stock: { text: '库存', color: 'green' },
};
const STATUS_TEXT: Record<string, string> = { on_sale: '在售', paused: '暂停', banned: '禁售' };
const show = (kind: string, v: string) =>
  kind === 'status' ? (STATUS_TEXT[v] ?? v) : kind === 'price' && v ? `¥${v}` : v || '—';

/** 商品变动：收藏或买过的商品的价格、库存、状态变化。 */
export default function GoodsLogPage() {
  const meta = useRouteMeta();
  const [page, setPage] = useState(1);
  const logs = useQuery({
    queryKey: catalogKeys.goodsLog(page),
    queryFn: () => unwrap(getGoodsLogs(page, 20)),
    placeholderData: keepPreviousData,
  });
  return (
    <PageFrame title="商品变动" description={meta?.description}>
      <Card>
        <Table<GoodsLogEntry>
          rowKey="id"
          loading={logs.isFetching}
          dataSource={logs.data?.list ?? []}
          locale={{ emptyText: '收藏或买过的商品还没有变动' }}
          pagination={{
            current: page,
            pageSize: 20,
            total: logs.data?.total ?? 0,
            onChange: setPage,
            hideOnSinglePage: true,
          }}
          columns={[
            { title: '时间', dataIndex: 'createdAt', width: 180 },
            {
              title: '商品',
              dataIndex: 'goodsName',
              render: (v: string, r) => <Link to={`/inside/buyGoods?goodId=${r.goodsId}`}>{v}</Link>,
            },
            {
              title: '变动',
              dataIndex: 'kind',
              render: (v: string) => <Tag color={KINDS[v]?.color}>{KINDS[v]?.text ?? v}</Tag>,
            },
            { title: '变动前', dataIndex: 'before', render: (v: string, r) => show(r.kind, v) },
            { title: '变动后', dataIndex: 'after', render: (v: string, r) => show(r.kind, v) },
          ]}
        />
      </Card>
    </PageFrame>
  );
}
