import { useMemo } from 'react';
import { Card, Input, Pagination, Segmented, Select, Skeleton, Space } from 'antd';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { GOODS_TYPES, GoodsTypeLabels, type GoodsType } from '@kapu/contract';
import { getGoodsList, type GoodsListQuery } from '@/api/catalog';
import { unwrap } from '@/app/http/unwrap';
import { PageFrame } from '@/components/page-frame';
import { GoodsGrid } from '@/components/goods-grid';
import { LoadFailed } from '@/components/load-failed';
import { useBrands, useBuyerKey, useDirs, useIsMember } from '@/hooks/use-catalog';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { catalogKeys } from '@/api/keys';

const SORTS = [
  { value: 'default', label: '默认' },
  { value: 'sales', label: '销量' },
  { value: 'new', label: '最新' },
  { value: 'price_asc', label: '价格升序' },
  { value: 'price_desc', label: '价格降序' },
] as const;
const PAGE_SIZE = 20;

const num = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

/** 商品列表：按目录、品牌、类型筛选，关键词搜索，排序分页；价格按当前会员等级显示。 */
export default function GoodsListPage() {
  const meta = useRouteMeta();
  const [params, setParams] = useSearchParams();
  const buyer = useBuyerKey();
  const member = useIsMember();
  const dirs = useDirs();
  const brands = useBrands();
  const query: GoodsListQuery = {
    dirId: num(params.get('dirId')),
    brandId: num(params.get('brandId')),
    type: (GOODS_TYPES as readonly string[]).includes(params.get('type') ?? '')
      ? (params.get('type') as GoodsType)
      : undefined,
    keyword: params.get('keyword') ?? undefined,
    sort: SORTS.find((s) => s.value === params.get('sort'))?.value ?? 'default',
    page: num(params.get('page')) ?? 1,
    pageSize: PAGE_SIZE,
  };
  const list = useQuery({
    queryKey: catalogKeys.list(buyer, query),
    queryFn: () => unwrap(getGoodsList(query)),
    placeholderData: keepPreviousData,
  });

  const dirOptions = useMemo(
    () =>
      (dirs.data ?? []).flatMap((d) => [
        { value: d.id, label: d.name },
        ...d.children.map((c) => ({ value: c.id, label: `${d.name} / ${c.name}` })),
      ]),
    [dirs.data],
  );
  const brandOptions = (brands.data ?? [])
    .filter((b) => {
      if (!query.dirId) return true;
      const top = (dirs.data ?? []).find((d) => d.id === query.dirId);
      const ids = top ? [top.id, ...top.children.map((c) => c.id)] : [query.dirId];
      return b.dirId !== null && ids.includes(b.dirId);
    })
    .map((b) => ({ value: b.id, label: b.name }));

  const update = (patch: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next);
  };

  return (
    <PageFrame title="商品列表" description={member ? '价格已按您的会员等级显示。' : meta?.description}>
      <Card style={{ marginBottom: 16 }}>
        <Space wrap size={[12, 12]}>
          <Select
            allowClear
            placeholder="全部分类"
            style={{ width: 220 }}
            options={dirOptions}
            value={query.dirId}
            onChange={(v?: number) => update({ dirId: v, brandId: undefined })}
            aria-label="分类"
          />
          <Select
            allowClear
            placeholder="全部品牌"
            style={{ width: 160 }}
            options={brandOptions}
            value={query.brandId}
            onChange={(v?: number) => update({ brandId: v })}
            aria-label="品牌"
          />
          <Select
            allowClear
            placeholder="全部类型"
            style={{ width: 130 }}
            options={GOODS_TYPES.map((t) => ({ value: t, label: GoodsTypeLabels[t] }))}
            value={query.type}
            onChange={(v?: string) => update({ type: v })}
            aria-label="类型"
          />
          <Input.Search
            key={query.keyword ?? ''}
            allowClear
            placeholder="搜索商品名称"
            defaultValue={query.keyword}
            style={{ width: 260 }}
            onSearch={(v) => update({ keyword: v.trim() || undefined })}
            enterButton="搜索"
          />
        </Space>
        {/* Never wider than the screen: on a phone the bar scrolls inside itself, the page does not. */}
        <div style={{ marginTop: 12, maxWidth: '100%', overflowX: 'auto' }}>
          <Segmented
            options={SORTS.map((s) => ({ value: s.value, label: s.label }))}
            value={query.sort}
            onChange={(v) => update({ sort: v === 'default' ? undefined : String(v) })}
          />
        </div>
      </Card>
      {list.isError ? (
        <LoadFailed onRetry={() => void list.refetch()} />
      ) : list.isLoading ? (
        <Skeleton active />
      ) : (
        <>
          <GoodsGrid
            goods={list.data?.list ?? []}
            empty={query.keyword ? `没有找到与“${query.keyword}”相关的商品` : '该分类下还没有商品'}
          />
          <Pagination
            style={{ marginTop: 20, justifyContent: 'flex-end' }}
            current={query.page}
            pageSize={PAGE_SIZE}
            total={list.data?.total ?? 0}
            showTotal={(t) => `共 ${t} 件商品`}
            hideOnSinglePage
            showSizeChanger={false}
            onChange={(p) => update({ page: p })}
          />
        </>
      )}
    </PageFrame>
  );
}
