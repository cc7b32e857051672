import { useState } from 'react';
import { App, Button, Card, DatePicker, Input, Select, Space, Table, Tabs, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { Dayjs } from 'dayjs';
import {
  type AdminOrderRow,
  GOODS_TYPES,
  type GoodsType,
  GoodsTypeLabels,
  type MemberLabel,
  memberText,
  ORDER_STATUSES,
  type OrderStatus,
  OrderStatusLabels,
  type RepealRow,
} from '@kapu/contract';
import { adminHandleRepeals, adminOrders, adminRepeals, exportOrders, type OrderListQuery } from '@/api/orders';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { useAction } from '@/hooks/use-action';
import { saveCsvExport } from '@/app/csv';
import { Access } from '@/app/guards/access';
import { PageFrame } from '@/components/page-frame';
import { OrderStatusTag, RepealTag } from '@/components/order-view';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { OrderDrawer } from './order-drawer';
import { adminKeys } from '@/api/keys';

type Filters = OrderListQuery & { orderNo?: string; contact?: string; member?: string; siteId?: number };

function RepealsPanel() {
  const { modal } = App.useApp();
  const [status, setStatus] = useState<RepealRow['status'] | undefined>('requested');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const list = useQuery({
    queryKey: adminKeys.repealList(status, page),
    queryFn: () => unwrap(adminRepeals({ status, page, pageSize: 20 })),
    placeholderData: keepPreviousData,
  });
  const handling = useAction({
    call: ({ ids, approve }: { ids: number[]; approve: boolean }) =>
      adminHandleRepeals(ids, approve, approve ? '审核通过' : '审核驳回'),
    success: (r) => `已处理 ${r.handled} 条`,
    invalidates: [adminKeys.repeals],
    onSuccess: () => setSelected([]),
  });
  const handle = (approve: boolean) =>
    modal.confirm({
      title: approve ? '通过撤销申请' : '驳回撤销申请',
      content: approve
        ? `通过后作废选中的 ${selected.length} 张卡密，并按单价退回会员余额，共 ${formatYuan((list.data?.list ?? []).filter((r) => selected.includes(r.id)).reduce((sum, r) => sum + r.amount, 0))}。`
        : `驳回选中的 ${selected.length} 条申请，不退款。`,
      okText: approve ? '确认通过' : '确认驳回',
      onOk: () => handling.confirm({ ids: selected, approve }),
    });
  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          placeholder="全部"
          style={{ width: 140 }}
          value={status}
          options={[
            { value: 'requested', label: '待审核' },
            { value: 'approved', label: '已通过' },
            { value: 'rejected', label: '已驳回' },
          ]}
          onChange={(v?: RepealRow['status']) => {
            setStatus(v);
            setPage(1);
          }}
        />
        <Access codes={['orders.manage']}>
          <Button type="primary" disabled={selected.length === 0} onClick={() => handle(true)}>
            通过（{selected.length}）
          </Button>
          <Button danger disabled={selected.length === 0} onClick={() => handle(false)}>
            驳回
          </Button>
        </Access>
      </Space>
      <Table<RepealRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (k) => setSelected(k as number[]),
          getCheckboxProps: (r) => ({ disabled: r.status !== 'requested' }),
        }}
        pagination={{
          current: page,
          pageSize: 20,
          total: list.data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        locale={{ emptyText: '没有撤销申请' }}
        columns={[
          { title: '订单号', dataIndex: 'orderNo' },
          { title: '会员', dataIndex: 'member', render: (v: MemberLabel | null) => memberText(v) },
          { title: '商品', dataIndex: 'goodsName' },
          { title: '退款金额', dataIndex: 'amount', render: (v: number) => formatYuan(v) },
          { title: '原因', dataIndex: 'reason' },
          { title: '状态', dataIndex: 'status', render: (v: string) => <RepealTag status={v} /> },
          { title: '申请时间', dataIndex: 'requestedAt' },
          { title: '备注', dataIndex: 'note' },
        ]}
      />
    </Card>
  );
}

/** 订单管理：筛选与导出订单，详情抽屉中手工发货、填快递、退款；审核卡密撤销。 */
export default function OrdersPage() {
  const meta = useRouteMeta();
  // The dashboard's queues link here: ?status=pending (待发货) and ?tab=repeals (撤销审核).
  const [search] = useSearchParams();
  const linkedStatus = ORDER_STATUSES.find((st) => st === search.get('status'));
  const [filters, setFilters] = useState<Filters>(linkedStatus ? { status: linkedStatus } : {});
  const [tab, setTab] = useState(search.get('tab') === 'repeals' ? 'repeals' : 'orders');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [open, setOpen] = useState<string | null>(null);
  const orders = useQuery({
    queryKey: adminKeys.orderList(filters, page, pageSize),
    queryFn: () => unwrap(adminOrders({ ...filters, page, pageSize })),
    placeholderData: keepPreviousData,
  });
  const set = (patch: Filters) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const [siteTitle, setSiteTitle] = useState('');
  const { message } = App.useApp();
  // Every order under the current filters (newest first, capped), prepared by the server.
  const exportCsv = useAction({
    call: () => exportOrders(filters),
    onSuccess: (file) => {
      saveCsvExport(file);
      if (file.truncated) message.warning(`已导出最新的 ${file.count} 笔订单，请缩小时间范围后分批导出`);
      else message.success(`已导出 ${file.count} 笔订单`);
    },
  });
  return (
    <PageFrame title="订单管理" description={meta?.description}>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'orders',
            label: '订单',
            children: (
              <Card>
                <Space wrap style={{ marginBottom: 16 }}>
                  <Input.Search
                    allowClear
                    placeholder="订单号"
                    style={{ width: 220 }}
                    onSearch={(v) => set({ orderNo: v.trim() || undefined })}
                  />
                  <Input.Search
                    allowClear
                    placeholder="联系方式"
                    style={{ width: 180 }}
                    onSearch={(v) => set({ contact: v.trim() || undefined })}
                  />
                  <Input.Search
                    allowClear
                    placeholder="会员编号或登录名"
                    style={{ width: 180 }}
                    onSearch={(v) => set({ member: v.trim() || undefined })}
                  />
                  <Input.Search
                    allowClear
                    placeholder="商品名称"
                    style={{ width: 180 }}
                    onSearch={(v) => set({ keyword: v.trim() || undefined })}
                  />
                  <Select
                    allowClear
                    placeholder="全部状态"
                    style={{ width: 120 }}
                    value={filters.status}
                    options={ORDER_STATUSES.map((s) => ({ value: s, label: OrderStatusLabels[s] }))}
                    onChange={(v?: OrderStatus) => set({ status: v })}
                  />
                  <Select
                    allowClear
                    placeholder="全部类型"
                    style={{ width: 110 }}
                    value={filters.type}
                    options={GOODS_TYPES.map((t) => ({ value: t, label: GoodsTypeLabels[t] }))}
                    onChange={(v?: GoodsType) => set({ type: v })}
                  />
                  {filters.siteId !== undefined && (
                    <Tag closable color="blue" onClose={() => set({ siteId: undefined })}>
                      分站：{siteTitle}
                    </Tag>
                  )}
                  <DatePicker.RangePicker
                    value={range}
                    onChange={(v) => {
                      setRange(v);
                      set({ from: v?.[0]?.startOf('day').valueOf(), to: v?.[1]?.endOf('day').valueOf() });
                    }}
                  />
                  <Button
                    icon={<DownloadOutlined />}
                    loading={exportCsv.isPending}
                    disabled={!orders.data?.total}
                    onClick={() => exportCsv.run()}
                  >
                    导出 CSV
                  </Button>
                </Space>
                <Table<AdminOrderRow>
                  rowKey="orderNo"
                  loading={orders.isFetching}
                  dataSource={orders.data?.list ?? []}
                  scroll={{ x: 'max-content' }}
                  pagination={{
                    current: page,
                    pageSize,
                    total: orders.data?.total ?? 0,
                    showSizeChanger: true,
                    showTotal: (t) => `共 ${t} 笔`,
                    onChange: (p, s) => {
                      setPage(p);
                      setPageSize(s);
                    },
                  }}
                  columns={[
                    {
                      title: '订单号',
                      dataIndex: 'orderNo',
                      render: (v: string) => (
                        <Button type="link" size="small" onClick={() => setOpen(v)}>
                          {v}
                        </Button>
                      ),
                    },
                    { title: '商品', dataIndex: 'goodsName' },
                    { title: '类型', dataIndex: 'goodsType', render: (v: GoodsType) => GoodsTypeLabels[v] },
                    { title: '数量', dataIndex: 'quantity' },
                    { title: '金额', dataIndex: 'amount', render: (v: number) => formatYuan(v) },
                    {
                      title: '买家',
                      key: 'buyer',
                      render: (_: unknown, o) => (o.member ? memberText(o.member) : <Tag>游客 {o.contact}</Tag>),
                    },
                    {
                      title: '站点',
                      key: 'site',
                      render: (_: unknown, o) =>
                        o.site ? (
                          <a
                            onClick={() => {
                              setSiteTitle(o.site!.title);
                              set({ siteId: o.site!.id });
                            }}
                            title="只看这个分站的订单"
                          >
                            {o.site.title}
                            {o.site.path ? ` /${o.site.path}` : ''}
                          </a>
                        ) : (
                          '主站'
                        ),
                    },
                    {
                      title: '状态',
                      dataIndex: 'status',
                      render: (v: OrderStatus, o) => <OrderStatusTag status={v} text={o.statusText} />,
                    },
                    { title: '下单时间', dataIndex: 'createdAt' },
                    {
                      title: '操作',
                      key: 'op',
                      fixed: 'right',
                      render: (_: unknown, o) => (
                        <Button size="small" onClick={() => setOpen(o.orderNo)}>
                          {o.status === 'pending' ? '处理' : '详情'}
                        </Button>
                      ),
                    },
                  ]}
                />
              </Card>
            ),
          },
          { key: 'repeals', label: '卡密撤销审核', children: <RepealsPanel /> },
        ]}
      />
      <OrderDrawer orderNo={open} onClose={() => setOpen(null)} />
    </PageFrame>
  );
}
