import { useCallback, useState } from 'react';
import { Button, Card, Input, Select, Space, Table, Tabs, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type AdminGoodsRow,
  GOODS_STATUSES,
  GOODS_TYPES,
  type GoodsStatus,
  type GoodsType,
  GoodsTypeLabels,
} from '@kapu/contract';
import { adminBrands, adminDirs, adminGoodsList, adminLevels, adminSetGoodsStatus } from '@/api/catalog';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { Access } from '@/app/guards/access';
import { PageFrame } from '@/components/page-frame';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { stockText } from '@/areas/store/lib/price';
import { LevelsPanel } from './levels-panel';
import { DirsPanel } from './dirs-panel';
import { GoodsEditor, STATUS_LABELS } from './goods-editor';
import { StockPanel } from './stock-panel';
import { adminKeys } from '@/api/keys';

const STATUS_COLORS: Record<GoodsStatus, string> = { on_sale: 'green', paused: 'orange', banned: 'red' };

/** 商品管理：商品分类、品牌、商品（批量上下架、编辑器）与卡密库存。 */
export default function GoodsPage() {
  const meta = useRouteMeta();
  const [tab, setTab] = useState('goods');
  const [filters, setFilters] = useState<{ dirId?: number; type?: GoodsType; status?: GoodsStatus; keyword?: string }>(
    {},
  );
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [stockGoods, setStockGoods] = useState<number>();
  const metaQuery = useQuery({
    queryKey: adminKeys.catalogMeta,
    queryFn: async () => {
      const [dirs, brands, levels] = await Promise.all([
        unwrap(adminDirs()),
        unwrap(adminBrands()),
        unwrap(adminLevels()),
      ]);
      return { dirs, brands, levels };
    },
  });
  const goods = useQuery({
    queryKey: adminKeys.goodsList(filters, page),
    queryFn: () => unwrap(adminGoodsList({ ...filters, page, pageSize: 20 })),
    placeholderData: keepPreviousData,
  });
  const dirs = metaQuery.data?.dirs ?? [];
  const dirName = (id: number) => {
    const d = dirs.find((x) => x.id === id);
    const parent = d?.parentId ? dirs.find((x) => x.id === d.parentId) : undefined;
    return d ? (parent ? `${parent.name} / ${d.name}` : d.name) : '—';
  };
  const set = (patch: typeof filters) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const bulk = useAction({
    call: (status: GoodsStatus) => adminSetGoodsStatus(selected, status),
    success: (r, status) => `已将 ${r.updated} 件商品设为${STATUS_LABELS[status]}`,
    invalidates: [adminKeys.goods],
    onSuccess: () => setSelected([]),
  });
  const closeEditor = useCallback(() => setEditing(null), []);

  return (
    <PageFrame title="商品管理" description={meta?.description}>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'goods',
            label: '商品',
            children: (
              <Card>
                <Space wrap style={{ marginBottom: 16 }}>
                  <Select
                    allowClear
                    placeholder="全部目录"
                    style={{ width: 200 }}
                    value={filters.dirId}
                    options={dirs.map((d) => ({ value: d.id, label: dirName(d.id) }))}
                    onChange={(v?: number) => set({ dirId: v })}
                  />
                  <Select
                    allowClear
                    placeholder="全部类型"
                    style={{ width: 120 }}
                    value={filters.type}
                    options={GOODS_TYPES.map((t) => ({ value: t, label: GoodsTypeLabels[t] }))}
                    onChange={(v?: GoodsType) => set({ type: v })}
                  />
                  <Select
                    allowClear
                    placeholder="全部状态"
                    style={{ width: 120 }}
                    value={filters.status}
                    options={GOODS_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
                    onChange={(v?: GoodsStatus) => set({ status: v })}
                  />
                  <Input.Search
                    allowClear
                    placeholder="商品名称"
                    style={{ width: 220 }}
                    onSearch={(v) => set({ keyword: v.trim() || undefined })}
                  />
                  <Access codes={['catalog.edit']}>
                    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                      新增商品
                    </Button>
                    <Space.Compact>
                      <Button
                        disabled={selected.length === 0}
                        loading={bulk.pendingInput === 'on_sale'}
                        onClick={() => bulk.run('on_sale')}
                      >
                        批量上架
                      </Button>
                      <Button
                        disabled={selected.length === 0}
                        loading={bulk.pendingInput === 'paused'}
                        onClick={() => bulk.run('paused')}
                      >
                        批量暂停
                      </Button>
                      <Button
                        danger
                        disabled={selected.length === 0}
                        loading={bulk.pendingInput === 'banned'}
                        onClick={() => bulk.run('banned')}
                      >
                        批量禁售
                      </Button>
                    </Space.Compact>
                  </Access>
                </Space>
                <Table<AdminGoodsRow>
                  rowKey="id"
                  loading={goods.isFetching}
                  dataSource={goods.data?.list ?? []}
                  rowSelection={{ selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]) }}
                  scroll={{ x: 'max-content' }}
                  pagination={{
                    current: page,
                    pageSize: 20,
                    total: goods.data?.total ?? 0,
                    onChange: setPage,
                    showSizeChanger: false,
                    showTotal: (t) => `共 ${t} 件`,
                  }}
                  columns={[
                    { title: 'ID', dataIndex: 'id', width: 70 },
                    { title: '商品', dataIndex: 'name' },
                    { title: '目录', dataIndex: 'dirId', render: (v: number) => dirName(v) },
                    { title: '类型', dataIndex: 'type', render: (v: GoodsType) => GoodsTypeLabels[v] },
                    { title: '售价', dataIndex: 'price', render: (v: number) => formatYuan(v) },
                    { title: '成本', dataIndex: 'cost', render: (v: number) => formatYuan(v) },
                    {
                      title: '库存',
                      dataIndex: 'stock',
                      render: (v: number) => (v < 0 ? '不限' : stockText(v, Number.MAX_SAFE_INTEGER)),
                    },
                    { title: '已售', dataIndex: 'soldCount' },
                    {
                      title: '状态',
                      dataIndex: 'status',
                      render: (v: GoodsStatus) => <Tag color={STATUS_COLORS[v]}>{STATUS_LABELS[v]}</Tag>,
                    },
                    {
                      title: '操作',
                      key: 'op',
                      fixed: 'right',
                      render: (_: unknown, g) => (
                        <Space size={4}>
                          <Access codes={['catalog.edit']}>
                            <Button size="small" type="link" onClick={() => setEditing(g.id)}>
                              编辑
                            </Button>
                          </Access>
                          {g.type === 'card' && (
                            <Button
                              size="small"
                              type="link"
                              onClick={() => {
                                setStockGoods(g.id);
                                setTab('stock');
                              }}
                            >
                              卡密
                            </Button>
                          )}
                        </Space>
                      ),
                    },
                  ]}
                />
              </Card>
            ),
          },
          {
            key: 'dirs',
            label: '目录与品牌',
            children: <DirsPanel dirs={dirs} brands={metaQuery.data?.brands ?? []} />,
          },
          {
            key: 'stock',
            label: '卡密库存',
            children: <StockPanel goodsId={stockGoods} onGoodsChange={setStockGoods} />,
          },
          {
            key: 'levels',
            label: '会员等级',
            children: <LevelsPanel levels={metaQuery.data?.levels ?? []} />,
          },
        ]}
      />
      <GoodsEditor
        goodsId={editing}
        dirs={dirs}
        brands={metaQuery.data?.brands ?? []}
        levels={metaQuery.data?.levels ?? []}
        onClose={closeEditor}
        onSaved={closeEditor}
      />
    </PageFrame>
  );
}
