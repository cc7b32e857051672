import { useState } from 'react';
import { Button, Card, Input, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SiteGoodsRow } from '@kapu/contract';
import { getSiteGoods, type SiteGoodsQuery } from '@/api/site-owner';
import { siteOwnerKeys } from '@/api/keys';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { LoadFailed } from '@/components/load-failed';
import { PageFrame } from '@/components/page-frame';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { MarkupModal } from '../../lib/markup-modal';
import { useDirOptions } from '../../lib/rule-editor';

const PAGE_SIZE = 20;

/** 货源市场：上级在售的商品（拿货价与按店铺规则的售价），勾选后批量上架到分站，可同时设置加价。 */
export default function MarketPage() {
  const meta = useRouteMeta();
  const [query, setQuery] = useState<SiteGoodsQuery & { shelf: 'hidden' | 'all' }>({ shelf: 'hidden', page: 1 });
  const [selected, setSelected] = useState<number[]>([]);
  const [pricing, setPricing] = useState<number[] | null>(null);
  const dirOptions = useDirOptions(true);
  const list = useQuery({
    queryKey: siteOwnerKeys.goods({ market: true, ...query }),
    queryFn: () => unwrap(getSiteGoods({ ...query, pageSize: PAGE_SIZE })),
    placeholderData: keepPreviousData,
  });
  const set = (patch: Partial<typeof query>) => {
    setQuery((q) => ({ ...q, ...patch, page: 1 }));
    setSelected([]);
  };
  const data = list.data;
  return (
    <PageFrame title="货源市场" description={meta?.description}>
      <Card>
        {list.isError ? (
          <LoadFailed title="货源加载失败" onRetry={() => void list.refetch()} />
        ) : (
          <>
            <Space wrap style={{ marginBottom: 16 }}>
              <Segmented
                value={query.shelf}
                options={[
                  { value: 'hidden', label: '未上架' },
                  { value: 'all', label: '全部货源' },
                ]}
                onChange={(v) => set({ shelf: v as 'hidden' | 'all' })}
              />
              <Select
                allowClear
                placeholder="全部目录"
                style={{ width: 200 }}
                value={query.dirId}
                options={dirOptions}
                onChange={(v?: number) => set({ dirId: v })}
              />
              <Input.Search
                allowClear
                placeholder="商品名称"
                style={{ width: 220 }}
                onSearch={(v) => set({ keyword: v.trim() || undefined })}
              />
              <Button type="primary" disabled={selected.length === 0} onClick={() => setPricing(selected)}>
                上架所选（{selected.length}）
              </Button>
            </Space>
            {data && (
              <Typography.Paragraph type="secondary">
                {data.maxGoods > 0
                  ? `当前版本最多上架 ${data.maxGoods} 件商品：只有您上架的商品在分站出售，可在这里从上级在售的商品中选品上架。已上架 ${data.shown} / 上限 ${data.maxGoods}。`
                  : `上级在售的商品都可以上架到您的分站；当前版本不限商品数量，商品默认全部上架，下架的商品会出现在“未上架”中。已上架 ${data.shown} 件。`}
              </Typography.Paragraph>
            )}
            <Table<SiteGoodsRow>
              rowKey="id"
              loading={list.isFetching}
              dataSource={data?.list ?? []}
              rowSelection={{
                selectedRowKeys: selected,
                onChange: (k) => setSelected(k as number[]),
                getCheckboxProps: (g) => ({ disabled: !g.hidden && query.shelf === 'all' }),
              }}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: query.shelf === 'hidden' ? '上级在售的商品都已上架' : '暂无货源' }}
              pagination={{
                current: query.page ?? 1,
                pageSize: PAGE_SIZE,
                total: data?.total ?? 0,
                onChange: (page) => setQuery((q) => ({ ...q, page })),
                showSizeChanger: false,
                showTotal: (t) => `共 ${t} 件`,
              }}
              columns={[
                {
                  title: '商品',
                  dataIndex: 'name',
                  render: (v: string, g) => (
                    <Space size={4}>
                      {v}
                      {g.origin !== 'platform' && <Tag color="blue">{g.originText}</Tag>}
                    </Space>
                  ),
                },
                { title: '类型', dataIndex: 'typeText', render: (v: string) => <Tag>{v}</Tag> },
                { title: '平台零售价', dataIndex: 'retailPrice', render: (v: number) => formatYuan(v) },
                { title: '拿货价', dataIndex: 'cost', render: (v: number) => formatYuan(v) },
                { title: '按店铺规则售价', dataIndex: 'price', render: (v: number) => formatYuan(v) },
                {
                  title: '预计利润',
                  dataIndex: 'margin',
                  render: (v: number) => (
                    <Typography.Text type={v > 0 ? 'success' : 'secondary'}>{formatYuan(v)}</Typography.Text>
                  ),
                },
                {
                  title: '状态',
                  dataIndex: 'hidden',
                  render: (hidden: boolean) => (hidden ? <Tag>未上架</Tag> : <Tag color="green">已上架</Tag>),
                },
                {
                  title: '操作',
                  key: 'op',
                  render: (_: unknown, g) =>
                    g.hidden ? (
                      <Button type="link" size="small" onClick={() => setPricing([g.id])}>
                        上架
                      </Button>
                    ) : (
                      <Typography.Text type="secondary">—</Typography.Text>
                    ),
                },
              ]}
            />
          </>
        )}
      </Card>
      <MarkupModal
        ids={pricing}
        onClose={(done) => {
          setPricing(null);
          if (done) setSelected([]);
        }}
      />
    </PageFrame>
  );
}
