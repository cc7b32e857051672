import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Radio,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { DownloadOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import dayjs from 'dayjs';
import {
  DOCKING_PROTOCOLS,
  DockingProtocolLabels,
  PriceRuleLabels,
  ProcurementStatusLabels,
  SYNC_FIELDS,
  SyncFieldLabels,
  type DockingConnectionView,
  type DockingGoodsView,
  type DockingArea as DockingScope,
  type DockingProcurementView,
  type DockingSyncLogView,
  type DockingUpstreamGoodsView,
  type Paged,
  type ProcurementStatus,
  type SyncField,
} from '@kapu/contract';
import {
  addDockingSource,
  exportDockingReconcile,
  getDockedGoods,
  getDockingConnections,
  getDockingReconcile,
  getDockingSyncLogs,
  getProcurements,
  getUpstreamGoods,
  importUpstreamGoods,
  moderateSiteGoods,
  moveDockingSource,
  removeDockedGoods,
  removeDockingConnection,
  removeDockingSource,
  repushProcurement,
  saveDockedGoods,
  saveDockingConnection,
  setDockedGoodsState,
  syncDockingConnection,
  testDockingConnection,
  type DockingConnectionForm,
  type DockingGoodsForm,
} from '@/api/docking';
import { adminDirs } from '@/api/catalog';
import { dockingKeys, siteOwnerKeys } from '@/api/keys';
import { getSiteDirs } from '@/api/site-owner';
import { saveCsvExport } from '@/app/csv';
import type { Envelope } from '@/app/http/envelope';
import { unwrap } from '@/app/http/unwrap';
import { useLayoutStore } from '@/app/stores/layout-store';
import { useAction } from '@/hooks/use-action';

const PAGE_SIZE = 20;

const GOODS_STATUS: Record<string, { text: string; color?: string }> = {
  on_sale: { text: '在售', color: 'green' },
  paused: { text: '已下架' },
  banned: { text: '已禁售', color: 'red' },
};
const goodsStatusTag = (v: string) => <Tag color={GOODS_STATUS[v]?.color}>{GOODS_STATUS[v]?.text ?? v}</Tag>;

/**
 * Where imported goods may go: staff pick any platform directory; a site owner one their site shows
 * (its own names, neither it nor its parent hidden).
 */
function useImportDirs(scope: DockingScope) {
  const admin = useQuery({
    queryKey: dockingKeys.dirs,
    queryFn: () => unwrap(adminDirs()),
    enabled: scope === 'admin',
  });
  const site = useQuery({
    queryKey: siteOwnerKeys.dirs,
    queryFn: () => unwrap(getSiteDirs()),
    enabled: scope === 'vip',
  });
  if (scope === 'admin') return (admin.data ?? []).map((d) => ({ value: d.id, label: d.name }));
  const dirs = site.data ?? [];
  const hidden = new Set(dirs.filter((d) => d.hidden).map((d) => d.id));
  return dirs
    .filter((d) => !hidden.has(d.id) && !(d.parentId !== null && hidden.has(d.parentId)))
    .map((d) => ({ value: d.id, label: d.name ?? d.platformName }));
}

const STATUS_COLORS: Record<ProcurementStatus, string> = {
  pending: 'default',
  placing: 'processing',
  placed: 'processing',
  delivered: 'green',
  partial: 'gold',
  refund_due: 'volcano',
  failed: 'red',
  refunded: 'orange',
};

function useConnections(scope: DockingScope) {
  return useQuery({ queryKey: dockingKeys.connections(scope), queryFn: () => unwrap(getDockingConnections(scope)) });
}

type PageQuery<F> = F & { page: number; pageSize: number };

/**
 * One paged list of a tab: its filters and page, the query, and the table's loading, rows and
 * pagination. Changing a filter goes back to page 1; the previous page stays shown while the next loads.
 */
function usePagedList<F extends object, T>(
  initial: F,
  key: (query: PageQuery<F>) => QueryKey,
  request: (query: PageQuery<F>) => Promise<Envelope<Paged<T>>>,
) {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<F>(initial);
  const query: PageQuery<F> = { ...filters, page, pageSize: PAGE_SIZE };
  const list = useQuery({
    queryKey: key(query),
    queryFn: () => unwrap(request(query)),
    placeholderData: keepPreviousData,
  });
  return {
    filters,
    filter(patch: Partial<F>) {
      setFilters((f) => ({ ...f, ...patch }));
      setPage(1);
    },
    table: {
      loading: list.isFetching,
      dataSource: list.data?.list ?? [],
      scroll: { x: 'max-content' as const },
      pagination: { current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage },
    },
  };
}

/** The list filters' search box: a trimmed keyword, undefined when cleared. */
function SearchBox({
  hint,
  width = 220,
  onSearch,
}: {
  /** The box's hint text. */
  hint: string;
  width?: number;
  onSearch: (keyword: string | undefined) => void;
}) {
  return (
    <Input.Search allowClear placeholder={hint} style={{ width }} onSearch={(v) => onSearch(v.trim() || undefined)} />
  );
}

/** Picks one of the scope's upstream connections (import, reconciliation). */
function ConnectionSelect({
  scope,
  value,
  onChange,
}: {
  scope: DockingScope;
  value: number | undefined;
  onChange: (id: number) => void;
}) {
  const conns = useConnections(scope);
  return (
    <Select<number>
      placeholder="选择上游连接"
      style={{ width: 220 }}
      value={value}
      onChange={onChange}
      options={(conns.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
    />
  );
}

/** The markup fields of an import and of a docked goods' rules (a form's `markupKind` picks which). */
function MarkupFields({ kind, required = false }: { kind: 'percent' | 'fixed' | undefined; required?: boolean }) {
  return (
    <>
      <Form.Item label="加价方式" name="markupKind">
        <Radio.Group
          options={[
            { value: 'percent', label: '按比例' },
            { value: 'fixed', label: '固定金额' },
          ]}
        />
      </Form.Item>
      {kind === 'fixed' ? (
        <Form.Item
          label="每件加价（元）"
          name="markupFixed"
          rules={required ? [{ required: true, message: '请填写加价金额' }] : []}
        >
          <Input placeholder="1.00" />
        </Form.Item>
      ) : (
        <Form.Item
          label="加价比例（%）"
          name="markupPercent"
          rules={required ? [{ required: true, message: '请填写加价比例' }] : []}
        >
          <InputNumber min={0} max={1000} />
        </Form.Item>
      )}
    </>
  );
}

/** 上游连接：添加（密钥只在保存时填写，之后不再显示）、测试、立即同步、删除。 */
function ConnectionsTab({ scope }: { scope: DockingScope }) {
  const [form] = Form.useForm<DockingConnectionForm>();
  const [editing, setEditing] = useState<DockingConnectionView | 'new' | null>(null);
  const conns = useConnections(scope);
  const save = useAction({
    call: (v: DockingConnectionForm) =>
      saveDockingConnection(scope, { ...v, id: editing && editing !== 'new' ? editing.id : undefined }),
    success: '连接已保存',
    invalidates: [dockingKeys.all],
    onSuccess: () => setEditing(null),
  });
  const test = useAction({
    call: (id: number) => testDockingConnection(scope, id),
    success: (a) => `连接正常：${a.name || '上游'}${a.balance ? `，余额 ¥${a.balance}` : ''}`,
    invalidates: [dockingKeys.all],
  });
  const sync = useAction({
    call: (id: number) => syncDockingConnection(scope, id),
    success: (r) => `同步完成：${r.goods} 个对接商品，${r.changed} 个有变化`,
    invalidates: [dockingKeys.all],
  });
  const remove = useAction({
    call: (id: number) => removeDockingConnection(scope, id),
    success: '连接已删除',
    invalidates: [dockingKeys.all],
  });
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          添加上游连接
        </Button>
        <Typography.Text type="secondary">支持卡铺 / 卡易信 API 3.0 与异次元（acg-faka）协议。</Typography.Text>
      </Space>
      <Table<DockingConnectionView>
        rowKey="id"
        loading={conns.isFetching}
        dataSource={conns.data ?? []}
        scroll={{ x: 'max-content' }}
        pagination={false}
        locale={{ emptyText: '还没有上游连接：点击“添加上游连接”，填写上游店铺的接口地址、AppID 与密钥' }}
        columns={[
          { title: '名称', dataIndex: 'name' },
          { title: '协议', dataIndex: 'protocolText' },
          { title: '接口地址', dataIndex: 'baseUrl' },
          { title: 'AppID', dataIndex: 'appId' },
          { title: '对接商品', dataIndex: 'goodsCount', align: 'right' },
          {
            title: '上次同步',
            render: (_: unknown, c) => (
              <div>
                <div>{c.lastSyncAt || '—'}</div>
                {c.lastError && <Typography.Text type="danger">{c.lastError}</Typography.Text>}
              </div>
            ),
          },
          {
            title: '推送地址',
            dataIndex: 'pushUrl',
            render: (v: string) => (
              <Typography.Text copyable={{ text: `${window.location.origin}${v}` }} style={{ fontSize: 12 }}>
                {v}
              </Typography.Text>
            ),
          },
          {
            title: '操作',
            render: (_: unknown, c) => (
              <Space>
                <Button size="small" loading={test.pendingInput === c.id} onClick={() => test.run(c.id)}>
                  测试
                </Button>
                <Button
                  size="small"
                  icon={<SyncOutlined />}
                  loading={sync.pendingInput === c.id}
                  onClick={() => sync.run(c.id)}
                >
                  同步
                </Button>
                <Button size="small" onClick={() => setEditing(c)}>
                  编辑
                </Button>
                <Popconfirm
                  title="删除这个连接？"
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() => remove.confirm(c.id)}
                >
                  <Button size="small" danger loading={remove.pendingInput === c.id}>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? '添加上游连接' : '编辑上游连接'}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okText="保存"
        cancelText="取消"
        confirmLoading={save.isPending}
        destroyOnHidden
      >
        <Form<DockingConnectionForm>
          form={form}
          layout="vertical"
          preserve={false}
          onFinish={save.run}
          initialValues={editing && editing !== 'new' ? { ...editing } : { protocol: 'kapu', timeoutSec: 10 }}
        >
          <Form.Item label="连接名称" name="name" rules={[{ required: true, message: '请填写连接名称' }]}>
            <Input maxLength={50} placeholder="如：某某卡铺" />
          </Form.Item>
          <Form.Item label="对接协议" name="protocol" rules={[{ required: true }]}>
            <Select options={DOCKING_PROTOCOLS.map((p) => ({ value: p, label: DockingProtocolLabels[p] }))} />
          </Form.Item>
          <Form.Item label="上游地址" name="baseUrl" rules={[{ required: true, message: '请填写上游地址' }]}>
            <Input placeholder="https://shop.example.com" />
          </Form.Item>
          <Form.Item label="AppID" name="appId" rules={[{ required: true, message: '请填写 AppID' }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item
            label="密钥"
            name="secret"
            extra={editing !== 'new' ? '留空则保持原密钥；密钥保存后不再显示' : '密钥加密保存，保存后不再显示'}
            rules={editing === 'new' ? [{ required: true, message: '请填写密钥' }] : []}
          >
            <Input.Password autoComplete="new-password" maxLength={200} />
          </Form.Item>
          <Form.Item label="超时（秒）" name="timeoutSec">
            <InputNumber min={2} max={60} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

interface ImportValues {
  dirId: number;
  markupKind: 'percent' | 'fixed';
  markupPercent?: number;
  markupFixed?: string;
}

/** 导入商品：选择连接，浏览上游商品，勾选后按加价导入到目录。 */
function ImportTab({ scope }: { scope: DockingScope }) {
  const [form] = Form.useForm<ImportValues>();
  const [connectionId, setConnectionId] = useState<number>();
  const [keyword, setKeyword] = useState<string>();
  const [selected, setSelected] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const goods = useQuery({
    queryKey: dockingKeys.upstream(scope, connectionId, keyword),
    queryFn: () => unwrap(getUpstreamGoods(scope, connectionId!, keyword)),
    enabled: connectionId !== undefined,
  });
  const dirs = useImportDirs(scope);
  const importing = useAction({
    call: (v: ImportValues) => importUpstreamGoods(scope, { ...v, connectionId: connectionId!, refs: selected }),
    success: (r) => `已导入 ${r.imported} 个商品${r.skipped ? `，跳过 ${r.skipped} 个（已导入或上游不可售）` : ''}`,
    invalidates: [dockingKeys.all],
    onSuccess: () => {
      setOpen(false);
      setSelected([]);
    },
  });
  const kind = Form.useWatch('markupKind', form);
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <ConnectionSelect
          scope={scope}
          value={connectionId}
          onChange={(v) => {
            setConnectionId(v);
            setSelected([]);
          }}
        />
        <SearchBox hint="商品名称或编号" onSearch={setKeyword} />
        <Button type="primary" disabled={selected.length === 0} onClick={() => setOpen(true)}>
          导入所选（{selected.length}）
        </Button>
      </Space>
      {scope === 'vip' && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="导入的商品是本站的自有商品：在本站和下级分站出售，售价由你定（导入时按加价计算，之后可改）；顾客付款后用你的连接向上游下单，由你在上游的账户付款，货款全部归你。"
        />
      )}
      <Table<DockingUpstreamGoodsView>
        rowKey="ref"
        loading={goods.isFetching}
        dataSource={goods.data ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 50 }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as string[]),
          getCheckboxProps: (g) => ({ disabled: g.imported }),
        }}
        locale={{ emptyText: connectionId ? '上游没有可导入的商品' : '请先选择一个上游连接' }}
        columns={[
          { title: '编号', dataIndex: 'ref' },
          { title: '商品', dataIndex: 'name' },
          { title: '分类', dataIndex: 'category' },
          {
            title: '类型',
            dataIndex: 'kind',
            render: (v: string) => ({ card: '卡密', recharge: '直充', manual: '人工' })[v] ?? v,
          },
          { title: '进价', dataIndex: 'price', render: (v: string) => `¥${v}` },
          { title: '库存', dataIndex: 'stock', render: (v: number | null) => (v === null ? '不限' : v) },
          {
            title: '状态',
            render: (_: unknown, g) =>
              g.imported ? <Tag color="blue">已导入</Tag> : g.onSale ? <Tag color="green">在售</Tag> : <Tag>下架</Tag>,
          },
        ]}
      />
      <Modal
        open={open}
        title={`导入 ${selected.length} 个商品`}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okText="导入"
        cancelText="取消"
        confirmLoading={importing.isPending}
        destroyOnHidden
      >
        <Form<ImportValues>
          form={form}
          layout="vertical"
          preserve={false}
          onFinish={importing.run}
          initialValues={{ markupKind: 'percent', markupPercent: 20 }}
        >
          <Form.Item label="导入到目录" name="dirId" rules={[{ required: true, message: '请选择目录' }]}>
            <Select options={dirs} placeholder="选择目录" />
          </Form.Item>
          <MarkupFields kind={kind} required />
        </Form>
      </Modal>
    </>
  );
}

type GoodsRuleValues = Omit<DockingGoodsForm, 'goodsId' | 'keep'> & { keep: SyncField[] };

/** 对接商品：售价与上下架、删除、货源（优先级、备用货源）、同步归属与规则；后台另可查看并处理分站自有商品。 */
function DockedGoodsTab({ scope }: { scope: DockingScope }) {
  const isMobile = useLayoutStore((s) => s.isMobile);
  const [editing, setEditing] = useState<DockingGoodsView | null>(null);
  const [pricing, setPricing] = useState<DockingGoodsView | null>(null);
  const [form] = Form.useForm<GoodsRuleValues>();
  const [priceForm] = Form.useForm<{ price: string }>();
  const [sourceForm] = Form.useForm<{ connectionId: number; ref: string }>();
  const conns = useConnections(scope);
  const goods = usePagedList<{ keyword?: string; owner?: 'sites' }, DockingGoodsView>(
    {},
    (q) => dockingKeys.goods(scope, q),
    (q) => getDockedGoods(scope, q),
  );
  const ofSites = scope === 'admin' && goods.filters.owner === 'sites';
  const save = useAction({
    call: (v: GoodsRuleValues) => saveDockedGoods(scope, { ...v, goodsId: editing!.goodsId }),
    success: '已保存，下次同步按新规则执行',
    invalidates: [dockingKeys.all],
    onSuccess: () => setEditing(null),
  });
  const setState = useAction({
    call: (v: { goodsId: number; price?: string; status?: 'on_sale' | 'paused' }) => setDockedGoodsState(scope, v),
    success: (_r, v) =>
      v.price !== undefined ? '售价已保存（此后同步不再改动售价）' : v.status === 'on_sale' ? '已上架' : '已下架',
    invalidates: [dockingKeys.all, siteOwnerKeys.all],
    onSuccess: () => setPricing(null),
  });
  const remove = useAction({
    call: (goodsId: number) => removeDockedGoods(scope, goodsId),
    success: '对接商品已删除',
    invalidates: [dockingKeys.all, siteOwnerKeys.all],
  });
  const moderate = useAction({
    call: (v: { goodsId: number; status: 'on_sale' | 'paused' | 'banned' }) => moderateSiteGoods(v.goodsId, v.status),
    success: (_r, v) => ({ on_sale: '已恢复上架', paused: '已暂停销售', banned: '已禁售' })[v.status],
    invalidates: [dockingKeys.all],
  });
  const addSource = useAction({
    call: (v: { connectionId: number; ref: string }) => addDockingSource(scope, { ...v, goodsId: editing!.goodsId }),
    success: '已添加备用货源',
    invalidates: [dockingKeys.all],
    onSuccess: () => {
      sourceForm.resetFields();
      setEditing(null);
    },
  });
  const removeSource = useAction({
    call: (id: number) => removeDockingSource(scope, id),
    success: '货源已移除',
    invalidates: [dockingKeys.all],
    onSuccess: () => setEditing(null),
  });
  const moveSource = useAction({
    call: (v: { id: number; priority: number }) => moveDockingSource(scope, v.id, v.priority),
    success: '优先级已调整',
    invalidates: [dockingKeys.all],
    onSuccess: () => setEditing(null),
  });
  const kind = Form.useWatch('markupKind', form);
  const ownActions = (g: DockingGoodsView) => (
    <Space>
      <Button size="small" onClick={() => setPricing(g)} disabled={g.status === 'banned' && scope === 'vip'}>
        改价
      </Button>
      {g.status === 'on_sale' ? (
        <Button
          size="small"
          loading={setState.pendingInput?.goodsId === g.goodsId}
          onClick={() => setState.run({ goodsId: g.goodsId, status: 'paused' })}
        >
          下架
        </Button>
      ) : (
        <Button
          size="small"
          disabled={g.status === 'banned' && scope === 'vip'}
          loading={setState.pendingInput?.goodsId === g.goodsId}
          onClick={() => setState.run({ goodsId: g.goodsId, status: 'on_sale' })}
        >
          上架
        </Button>
      )}
      <Button size="small" onClick={() => setEditing(g)}>
        货源与规则
      </Button>
      <Popconfirm
        title="删除这个对接商品？"
        description="已有订单的商品不能删除，请改为下架。"
        okText="删除"
        cancelText="取消"
        onConfirm={() => remove.confirm(g.goodsId)}
      >
        <Button size="small" danger loading={remove.pendingInput === g.goodsId}>
          删除
        </Button>
      </Popconfirm>
    </Space>
  );
  const siteActions = (g: DockingGoodsView) => (
    <Space>
      {(['paused', 'banned', 'on_sale'] as const)
        .filter((to) => to !== g.status)
        .map((to) => (
          <Popconfirm
            key={to}
            title={
              {
                paused: '暂停销售这个分站商品？',
                banned: '禁售这个分站商品？站长将不能自行恢复。',
                on_sale: '恢复上架？',
              }[to]
            }
            okText="确定"
            cancelText="取消"
            onConfirm={() => moderate.confirm({ goodsId: g.goodsId, status: to })}
          >
            <Button size="small" danger={to === 'banned'} loading={moderate.pendingInput?.goodsId === g.goodsId}>
              {{ paused: '暂停', banned: '禁售', on_sale: '恢复上架' }[to]}
            </Button>
          </Popconfirm>
        ))}
    </Space>
  );
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        {scope === 'admin' && (
          <Radio.Group
            optionType="button"
            value={goods.filters.owner ?? 'platform'}
            onChange={(e) => goods.filter({ owner: e.target.value === 'sites' ? 'sites' : undefined })}
            options={[
              { value: 'platform', label: '平台对接商品' },
              { value: 'sites', label: '分站自有商品' },
            ]}
          />
        )}
        <SearchBox hint="商品名称" width={240} onSearch={(keyword) => goods.filter({ keyword })} />
      </Space>
      {scope === 'vip' && (
        <Typography.Paragraph type="secondary">
          这些是本站的自有商品，在“分站商品”里标为“自有（对接）”；本站与下级分站的加价规则照常适用。
        </Typography.Paragraph>
      )}
      <Table<DockingGoodsView>
        rowKey="goodsId"
        {...goods.table}
        locale={{
          emptyText: ofSites ? '还没有分站导入自有商品' : '还没有对接商品：在“导入商品”里从上游导入',
        }}
        columns={[
          ...(ofSites ? [{ title: '分站', dataIndex: 'siteName' }] : []),
          { title: '商品', dataIndex: 'name' },
          { title: '售价', dataIndex: 'price', render: (v: string) => `¥${v}` },
          { title: '成本', render: (_: unknown, g: DockingGoodsView) => `¥${g.cost}（导入时 ¥${g.importCost}）` },
          { title: '库存', dataIndex: 'stock', render: (v: number | null) => (v === null ? '不限' : v) },
          { title: '状态', dataIndex: 'status', render: goodsStatusTag },
          {
            title: '货源',
            render: (_: unknown, g: DockingGoodsView) =>
              g.sources.map((s) => `${s.priority}. ${s.connectionName} #${s.ref}`).join('；'),
          },
          { title: '调价规则', dataIndex: 'priceRule', render: (v: 'follow' | 'raise_only') => PriceRuleLabels[v] },
          { title: '上次同步', dataIndex: 'lastSyncAt' },
          {
            title: '操作',
            fixed: 'right' as const,
            render: (_: unknown, g: DockingGoodsView) => (ofSites ? siteActions(g) : ownActions(g)),
          },
        ]}
      />
      <Modal
        open={pricing !== null}
        title={`修改售价：${pricing?.name ?? ''}`}
        onCancel={() => setPricing(null)}
        onOk={() => priceForm.submit()}
        okText="保存"
        cancelText="取消"
        confirmLoading={setState.isPending}
        destroyOnHidden
      >
        <Form<{ price: string }>
          form={priceForm}
          layout="vertical"
          preserve={false}
          initialValues={{ price: pricing?.price }}
          onFinish={(v) => setState.run({ goodsId: pricing!.goodsId, price: v.price })}
        >
          <Form.Item
            label="售价（元）"
            name="price"
            extra={`当前上游成本 ¥${pricing?.cost ?? ''}，售价不能低于成本；保存后售价不再随上游调价变化。`}
            rules={[{ required: true, message: '请填写售价' }]}
          >
            <Input placeholder="12.00" />
          </Form.Item>
        </Form>
      </Modal>
      <Drawer
        open={editing !== null}
        onClose={() => setEditing(null)}
        width={isMobile ? '100%' : 720}
        title={`对接设置：${editing?.name ?? ''}`}
        destroyOnHidden
      >
        {editing && (
          <>
            <Typography.Title level={5}>货源（按优先级依次尝试，出错或超时自动切换）</Typography.Title>
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={editing.sources}
              columns={[
                { title: '优先级', dataIndex: 'priority' },
                { title: '连接', dataIndex: 'connectionName' },
                { title: '上游编号', dataIndex: 'ref' },
                { title: '进价', dataIndex: 'cost', render: (v: string) => `¥${v}` },
                { title: '库存', dataIndex: 'stock', render: (v: number | null) => (v === null ? '不限' : v) },
                {
                  title: '操作',
                  render: (_: unknown, s) => (
                    <Space>
                      <InputNumber
                        size="small"
                        min={1}
                        max={99}
                        defaultValue={s.priority}
                        onBlur={(e) => {
                          const n = Number(e.target.value);
                          if (n && n !== s.priority) moveSource.run({ id: s.id, priority: n });
                        }}
                      />
                      <Popconfirm
                        title="移除这个货源？"
                        okText="移除"
                        cancelText="取消"
                        onConfirm={() => removeSource.confirm(s.id)}
                      >
                        <Button size="small" danger disabled={editing.sources.length <= 1}>
                          移除
                        </Button>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]}
            />
            <Form form={sourceForm} layout="inline" style={{ margin: '12px 0 24px' }} onFinish={addSource.run}>
              <Form.Item name="connectionId" rules={[{ required: true, message: '选择连接' }]}>
                <Select
                  style={{ width: 180 }}
                  placeholder="连接"
                  options={(conns.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
                />
              </Form.Item>
              <Form.Item name="ref" rules={[{ required: true, message: '上游商品编号' }]}>
                <Input placeholder="上游商品编号" style={{ width: 140 }} />
              </Form.Item>
              <Button htmlType="submit" loading={addSource.isPending}>
                添加备用货源
              </Button>
            </Form>
            <Typography.Title level={5}>同步归属与规则</Typography.Title>
            <Form<GoodsRuleValues>
              form={form}
              layout="vertical"
              onFinish={save.run}
              initialValues={{
                keep: SYNC_FIELDS.filter((f) => editing.ownership[f] === 'mine'),
                priceRule: editing.priceRule,
                markupKind: editing.markupKind,
                markupPercent: editing.markupPercent,
                markupFixed: editing.markupFixed,
                pauseWhenOutOfStock: editing.pauseWhenOutOfStock,
                costBoundPercent: editing.costBoundPercent ?? undefined,
              }}
            >
              <Form.Item label="保留我的设置（勾选的字段不随上游变化）" name="keep">
                <Checkbox.Group options={SYNC_FIELDS.map((f) => ({ value: f, label: SyncFieldLabels[f] }))} />
              </Form.Item>
              <Form.Item label="调价规则" name="priceRule">
                <Radio.Group options={Object.entries(PriceRuleLabels).map(([value, label]) => ({ value, label }))} />
              </Form.Item>
              <MarkupFields kind={kind} />
              <Form.Item name="pauseWhenOutOfStock" valuePropName="checked">
                <Checkbox>上游缺货时自动下架</Checkbox>
              </Form.Item>
              <Form.Item label="成本上限（比导入时进价高出的百分比，超过自动下架；留空不限）" name="costBoundPercent">
                <InputNumber min={0} max={1000} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                保存
              </Button>
            </Form>
          </>
        )}
      </Drawer>
    </>
  );
}

/** 采购单：每笔已付款的对接订单向上游的采购，失败的可重新推送。 */
function ProcurementsTab({ scope }: { scope: DockingScope }) {
  const list = usePagedList<{ status?: ProcurementStatus; orderNo?: string }, DockingProcurementView>(
    {},
    (q) => dockingKeys.procurements(scope, q),
    (q) => getProcurements(scope, q),
  );
  const repush = useAction({
    call: (id: number) => repushProcurement(scope, id),
    success: '已重新推送',
    invalidates: [dockingKeys.all],
  });
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select<ProcurementStatus>
          allowClear
          placeholder="全部状态"
          style={{ width: 140 }}
          value={list.filters.status}
          onChange={(status) => list.filter({ status })}
          options={Object.entries(ProcurementStatusLabels).map(([value, label]) => ({ value, label }))}
        />
        <SearchBox hint="订单号" onSearch={(orderNo) => list.filter({ orderNo })} />
      </Space>
      <Table<DockingProcurementView>
        rowKey="id"
        {...list.table}
        locale={{ emptyText: '还没有采购单：顾客购买对接商品并付款后，系统自动向上游下单' }}
        columns={[
          { title: '采购单号', dataIndex: 'procurementNo' },
          { title: '订单号', dataIndex: 'orderNo' },
          { title: '商品', render: (_: unknown, p) => `${p.goodsName} × ${p.quantity}` },
          {
            title: '上游',
            render: (_: unknown, p) => {
              // Earlier upstream orders that short-delivered, then the current one.
              const lines = [
                ...p.parts.map(
                  (x) => `${x.connectionName} ${x.upstreamOrderNo}（少发：收到 ${x.cards}/${x.quantity}）`,
                ),
                ...(p.connectionName ? [`${p.connectionName} ${p.upstreamOrderNo}`] : []),
              ];
              return lines.length ? (
                <Space orientation="vertical" size={0}>
                  {lines.map((l) => (
                    <span key={l}>{l}</span>
                  ))}
                </Space>
              ) : (
                '—'
              );
            },
          },
          { title: '进货金额', dataIndex: 'cost', render: (v: string) => (v ? `¥${v}` : '—') },
          {
            title: '状态',
            dataIndex: 'status',
            render: (v: ProcurementStatus, p) => <Tag color={STATUS_COLORS[v]}>{p.statusText}</Tag>,
          },
          { title: '卡密', render: (_: unknown, p) => `${p.cardsDelivered} / ${p.quantity}`, align: 'right' },
          {
            title: '退款',
            dataIndex: 'refunded',
            render: (v: string, p) => (v ? `${p.status === 'refund_due' ? '待退' : '已退'} ¥${v}` : '—'),
          },
          {
            title: '说明',
            dataIndex: 'lastError',
            render: (v: string) => (v ? <Typography.Text type="danger">{v}</Typography.Text> : '—'),
          },
          { title: '时间', dataIndex: 'createdAt' },
          {
            title: '操作',
            render: (_: unknown, p) =>
              p.status === 'failed' ? (
                <Popconfirm
                  title="重新推送到上游？"
                  description="已在上游下过的单会先查询结果，不会重复付款。"
                  okText="推送"
                  cancelText="取消"
                  onConfirm={() => repush.confirm(p.id)}
                >
                  <Button size="small" type="primary" loading={repush.pendingInput === p.id}>
                    重新推送
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </>
  );
}

/** 同步日志：每个对接商品每次同步改了什么、从多少到多少、为何跳过。 */
function SyncLogsTab({ scope }: { scope: DockingScope }) {
  const logs = usePagedList<object, DockingSyncLogView>(
    {},
    (q) => dockingKeys.logs(scope, q),
    (q) => getDockingSyncLogs(scope, q),
  );
  return (
    <Table<DockingSyncLogView>
      rowKey="id"
      {...logs.table}
      locale={{ emptyText: '还没有同步记录' }}
      columns={[
        { title: '时间', dataIndex: 'createdAt' },
        { title: '商品', dataIndex: 'goodsName' },
        { title: '字段', dataIndex: 'field', render: (v: SyncField) => SyncFieldLabels[v] ?? v },
        { title: '变化', render: (_: unknown, l) => `${l.from} → ${l.to}` },
        { title: '说明', dataIndex: 'note' },
        { title: '方式', dataIndex: 'via', render: (v: string) => (v === 'push' ? '推送' : '拉取') },
      ]}
    />
  );
}

/** 对账：按连接与日期，我方采购单与上游的查询结果并列，不一致的标出，可导出 CSV。 */
function ReconcileTab({ scope }: { scope: DockingScope }) {
  const [connectionId, setConnectionId] = useState<number>();
  const [date, setDate] = useState(dayjs().format('YYYY-MM-DD'));
  const answer = useQuery({
    queryKey: dockingKeys.reconcile(scope, connectionId, date),
    queryFn: () => unwrap(getDockingReconcile(scope, connectionId!, date)),
    enabled: connectionId !== undefined,
  });
  const exporting = useAction({
    call: () => exportDockingReconcile(scope, connectionId!, date),
    onSuccess: (f) => saveCsvExport(f),
  });
  const r = answer.data;
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <ConnectionSelect scope={scope} value={connectionId} onChange={setConnectionId} />
        <DatePicker value={dayjs(date)} allowClear={false} onChange={(d) => d && setDate(d.format('YYYY-MM-DD'))} />
        <Button
          icon={<DownloadOutlined />}
          disabled={!connectionId}
          loading={exporting.isPending}
          onClick={() => exporting.run()}
        >
          导出 CSV
        </Button>
      </Space>
      {r && (
        <Descriptions size="small" style={{ marginBottom: 16 }} column={4}>
          <Descriptions.Item label="采购单">{r.orders}</Descriptions.Item>
          <Descriptions.Item label="我方金额">¥{r.amount}</Descriptions.Item>
          <Descriptions.Item label="上游金额">¥{r.upstreamAmount}</Descriptions.Item>
          <Descriptions.Item label="不一致">
            {r.mismatches > 0 ? <Typography.Text type="danger">{r.mismatches}</Typography.Text> : 0}
          </Descriptions.Item>
        </Descriptions>
      )}
      <Table
        rowKey="procurementNo"
        loading={answer.isFetching}
        dataSource={r?.rows ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: connectionId ? '这一天没有采购单' : '请选择上游连接' }}
        columns={[
          { title: '采购单号', dataIndex: 'procurementNo' },
          { title: '上游订单号', dataIndex: 'upstreamOrderNo' },
          { title: '我方', render: (_: unknown, x) => `¥${x.ours} ${x.ourStatus}` },
          { title: '上游', render: (_: unknown, x) => (x.theirStatus ? `¥${x.theirs} ${x.theirStatus}` : '—') },
          {
            title: '结果',
            render: (_: unknown, x) => (x.match ? <Tag color="green">一致</Tag> : <Tag color="red">不一致</Tag>),
          },
          { title: '说明', dataIndex: 'note' },
        ]}
      />
    </>
  );
}

/** 货源对接：后台（平台）与站长后台（分站）共用的一屏六页签。 */
export function DockingScreen({ scope }: { scope: DockingScope }) {
  return (
    <Card>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'connections', label: '上游连接', children: <ConnectionsTab scope={scope} /> },
          { key: 'import', label: '导入商品', children: <ImportTab scope={scope} /> },
          { key: 'goods', label: '对接商品', children: <DockedGoodsTab scope={scope} /> },
          { key: 'procurements', label: '采购单', children: <ProcurementsTab scope={scope} /> },
          { key: 'logs', label: '同步日志', children: <SyncLogsTab scope={scope} /> },
          { key: 'reconcile', label: '对账', children: <ReconcileTab scope={scope} /> },
        ]}
      />
    </Card>
  );
}
