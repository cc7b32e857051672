import { useState } from 'react';
import { Alert, Button, Card, Input, Popconfirm, Segmented, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AppliedRule, PriceAudience, PriceRuleView, ShelfFilter, SiteGoodsRow } from '@kapu/contract';
import { getSiteGoods, setGoodsHidden, type SiteGoodsQuery } from '@/api/site-owner';
import { catalogKeys, siteOwnerKeys } from '@/api/keys';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { LoadFailed } from '@/components/load-failed';
import { PageFrame } from '@/components/page-frame';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { MarkupModal } from '../../lib/markup-modal';
import { RuleEditor, useDirOptions, type RuleEditorTarget } from '../../lib/rule-editor';
import { useDeleteRule } from '../../lib/rules-panel';
import { appliedText } from '../../lib/rule-text';

const PAGE_SIZE = 20;

/** A goods' own rule as the editor changes it. */
function goodsRule(g: SiteGoodsRow, audience: PriceAudience, rule: AppliedRule | null): PriceRuleView | null {
  if (!rule || rule.scope !== 'goods') return null;
  return {
    id: rule.id,
    audience,
    scope: 'goods',
    targetId: g.id,
    targetName: g.name,
    rangeMin: null,
    rangeMax: null,
    kind: rule.kind,
    value: rule.value,
    createdAt: 0,
  };
}

function PriceCell({ price, rule }: { price: number; rule: AppliedRule | null }) {
  return (
    <Space orientation="vertical" size={0}>
      <Typography.Text strong>{formatYuan(price)}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {appliedText(rule)}
      </Typography.Text>
    </Space>
  );
}

/** 分站商品：上级在售的商品，每件的成本、售价、利润与下级拿货价；逐件改价、上下架与批量操作。 */
export default function GoodsPage() {
  const meta = useRouteMeta();
  const [query, setQuery] = useState<SiteGoodsQuery>({ shelf: 'all', page: 1 });
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<RuleEditorTarget | null>(null);
  const [pricing, setPricing] = useState<number[] | null>(null);
  const dirOptions = useDirOptions(true);
  const list = useQuery({
    queryKey: siteOwnerKeys.goods(query),
    queryFn: () => unwrap(getSiteGoods({ ...query, pageSize: PAGE_SIZE })),
    placeholderData: keepPreviousData,
  });
  const set = (patch: SiteGoodsQuery) => {
    setQuery((q) => ({ ...q, ...patch, page: 1 }));
    setSelected([]);
  };
  const hide = useAction({
    call: ({ ids, hidden }: { ids: number[]; hidden: 0 | 1 }) => setGoodsHidden(ids, hidden),
    success: (r, { hidden }) => (r.updated ? `已${hidden ? '下架' : '上架'} ${r.updated} 件商品` : '商品状态未变化'),
    invalidates: [siteOwnerKeys.all, catalogKeys.all],
    onSuccess: () => setSelected([]),
  });
  const remove = useDeleteRule();
  const data = list.data;
  const over = data && data.maxGoods > 0 && data.shown > data.maxGoods;

  return (
    <PageFrame title="分站商品" description={meta?.description}>
      <Card>
        {list.isError ? (
          <LoadFailed title="分站商品加载失败" onRetry={() => void list.refetch()} />
        ) : (
          <>
            <Space wrap style={{ marginBottom: 16 }}>
              <Segmented<ShelfFilter>
                value={query.shelf ?? 'all'}
                options={[
                  { value: 'all', label: '全部' },
                  { value: 'shown', label: '已上架' },
                  { value: 'hidden', label: '已下架' },
                ]}
                onChange={(v) => set({ shelf: v })}
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
            </Space>
            <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
              <Space wrap>
                <Button
                  disabled={selected.length === 0}
                  loading={hide.pendingInput?.hidden === 0}
                  onClick={() => hide.run({ ids: selected, hidden: 0 })}
                >
                  批量上架
                </Button>
                <Button
                  disabled={selected.length === 0}
                  loading={hide.pendingInput?.hidden === 1}
                  onClick={() => hide.run({ ids: selected, hidden: 1 })}
                >
                  批量下架
                </Button>
                <Button type="primary" disabled={selected.length === 0} onClick={() => setPricing(selected)}>
                  批量加价并上架
                </Button>
                {selected.length > 0 && <Typography.Text type="secondary">已选 {selected.length} 件</Typography.Text>}
              </Space>
              {data && (
                <Typography.Text type="secondary">
                  {data.maxGoods > 0
                    ? `已上架 ${data.shown} / 上限 ${data.maxGoods}`
                    : `已上架 ${data.shown} 件（不限数量）`}
                </Typography.Text>
              )}
            </Space>
            {over && (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 16 }}
                title={`当前上架 ${data.shown} 件，超过了版本上限 ${data.maxGoods} 件`}
                description="请下架部分商品；在下架到上限以内之前不能再上架商品。"
              />
            )}
            <Table<SiteGoodsRow>
              rowKey="id"
              loading={list.isFetching}
              dataSource={data?.list ?? []}
              rowSelection={{ selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]) }}
              scroll={{ x: 'max-content' }}
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
                    <Space orientation="vertical" size={0}>
                      <Typography.Text>{v}</Typography.Text>
                      <Space size={4}>
                        <Tag>{g.typeText}</Tag>
                        {g.origin !== 'platform' && <Tag color="blue">{g.originText}</Tag>}
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {g.origin === 'platform' ? '平台零售' : '自有售价'} {formatYuan(g.retailPrice)}
                        </Typography.Text>
                      </Space>
                    </Space>
                  ),
                },
                { title: '成本价', dataIndex: 'cost', render: (v: number) => formatYuan(v) },
                {
                  title: '售价',
                  key: 'price',
                  render: (_: unknown, g) => <PriceCell price={g.price} rule={g.buyerRule} />,
                },
                {
                  title: '利润',
                  dataIndex: 'margin',
                  render: (v: number, g) =>
                    g.origin === 'own' ? (
                      // The whole price is the site's own: it pays the upstream itself.
                      <Typography.Text type="success">全额 {formatYuan(g.price)}（自行向上游进货）</Typography.Text>
                    ) : (
                      <Typography.Text type={v > 0 ? 'success' : 'secondary'}>{formatYuan(v)}</Typography.Text>
                    ),
                },
                {
                  title: '下级拿货价',
                  key: 'child',
                  render: (_: unknown, g) => <PriceCell price={g.childPrice} rule={g.childRule} />,
                },
                {
                  title: '上架',
                  dataIndex: 'hidden',
                  render: (hidden: boolean, g) => (
                    <Switch
                      checked={!hidden}
                      checkedChildren="上架"
                      unCheckedChildren="下架"
                      loading={hide.pendingInput?.ids.length === 1 && hide.pendingInput.ids[0] === g.id}
                      onChange={(on) => hide.run({ ids: [g.id], hidden: on ? 0 : 1 })}
                    />
                  ),
                },
                {
                  title: '操作',
                  key: 'op',
                  fixed: 'right',
                  render: (_: unknown, g) => {
                    const own = goodsRule(g, 'buyer', g.buyerRule);
                    const goods = { id: g.id, name: g.name, cost: g.cost };
                    return (
                      <Space size={0}>
                        <Button
                          type="link"
                          size="small"
                          onClick={() => setEditing({ audience: 'buyer', scope: 'goods', rule: own, goods })}
                        >
                          改售价
                        </Button>
                        <Button
                          type="link"
                          size="small"
                          onClick={() =>
                            setEditing({
                              audience: 'child',
                              scope: 'goods',
                              rule: goodsRule(g, 'child', g.childRule),
                              goods,
                            })
                          }
                        >
                          改下级价
                        </Button>
                        {own && (
                          <Popconfirm
                            title="取消这件商品的单独加价？将按店铺的其他规则定价。"
                            onConfirm={() => remove.confirm(own.id)}
                          >
                            <Button type="link" size="small" danger>
                              恢复默认
                            </Button>
                          </Popconfirm>
                        )}
                      </Space>
                    );
                  },
                },
              ]}
            />
          </>
        )}
      </Card>
      <RuleEditor target={editing} onClose={() => setEditing(null)} />
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
