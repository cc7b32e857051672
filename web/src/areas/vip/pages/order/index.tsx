import { useState } from 'react';
import { App, Button, Card, DatePicker, Descriptions, Drawer, Input, Select, Skeleton, Space, Table, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { Dayjs } from 'dayjs';
import {
  GoodsTypeLabels,
  ORDER_STATUSES,
  OrderStatusLabels,
  type OrderStatus,
  type SiteOrderRow,
} from '@kapu/contract';
import { exportSiteOrders, getSiteOrder, getSiteOrders, type SiteOrderQuery } from '@/api/site-office';
import { siteOfficeKeys } from '@/api/keys';
import { saveCsvExport } from '@/app/csv';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { useLayoutStore } from '@/app/stores/layout-store';
import { OrderStatusTag } from '@/components/order-view';
import { PageFrame } from '@/components/page-frame';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { ShareStatusTag } from '../../share-status-tag';

/** One order of my site: what was bought, by whom (masked), and where my profit on it stands. No cards. */
function SiteOrderDrawer({ orderNo, onClose }: { orderNo: string | null; onClose: () => void }) {
  const detail = useQuery({
    queryKey: siteOfficeKeys.order(orderNo),
    queryFn: () => unwrap(getSiteOrder(orderNo!)),
    enabled: Boolean(orderNo),
  });
  const o = detail.data;
  return (
    <Drawer open={Boolean(orderNo)} onClose={onClose} size={640} title={`订单 ${orderNo ?? ''}`} destroyOnHidden>
      {!o ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions
            size="small"
            bordered
            column={1}
            items={[
              { key: 'goods', label: '商品', children: `${o.goodsName}（${GoodsTypeLabels[o.goodsType]}）` },
              { key: 'price', label: '单价 × 数量', children: `${formatYuan(o.unitPrice)} × ${o.quantity}` },
              { key: 'amount', label: '订单金额', children: formatYuan(o.amount) },
              {
                key: 'refund',
                label: '已退款',
                children: o.refundAmount ? formatYuan(o.refundAmount) : '—',
              },
              { key: 'status', label: '订单状态', children: <OrderStatusTag status={o.status} text={o.statusText} /> },
              {
                key: 'buyer',
                label: '买家',
                children: `${o.buyer || '—'}（${o.buyerKind === 'member' ? '会员' : '游客'}）`,
              },
              { key: 'pay', label: '支付方式', children: o.payMethodText || '—' },
              { key: 'created', label: '下单时间', children: o.createdAt },
              { key: 'paid', label: '支付时间', children: o.paidAt || '—' },
              { key: 'delivered', label: '发货时间', children: o.deliveredAt || '—' },
            ]}
          />
          <Card size="small" title="我的利润">
            {o.myShare ? (
              <Descriptions
                size="small"
                column={2}
                items={[
                  { key: 'amount', label: '分成', children: formatYuan(o.myShare.amount) },
                  { key: 'reversed', label: '退款退回', children: formatYuan(o.myShare.reversed) },
                  { key: 'kept', label: '实得', children: formatYuan(o.myProfit) },
                  { key: 'status', label: '状态', children: <ShareStatusTag status={o.myShare.status} /> },
                  { key: 'frozen', label: '冻结时间', children: o.myShare.frozenAt || '—' },
                ]}
              />
            ) : (
              <span>这笔订单没有给你带来利润（售价未高于你的成本）。</span>
            )}
          </Card>
        </Space>
      )}
    </Drawer>
  );
}

/** 分站订单：本站顾客的订单与我在每笔订单上的利润；按状态、时间、关键词筛选，导出 CSV。 */
export default function SiteOrderPage() {
  const meta = useRouteMeta();
  const { message } = App.useApp();
  const isMobile = useLayoutStore((s) => s.isMobile);
  const [params, setParams] = useSearchParams();
  const userId = Number(params.get('userId')) || undefined;
  const buyerName = params.get('buyer') ?? '';
  const [filters, setFilters] = useState<Omit<SiteOrderQuery, 'page' | 'pageSize'>>({});
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [open, setOpen] = useState<string | null>(null);
  const scoped = { ...filters, userId };
  const query = { ...scoped, page, pageSize };
  const orders = useQuery({
    queryKey: siteOfficeKeys.orderList(query),
    queryFn: () => unwrap(getSiteOrders(query)),
    placeholderData: keepPreviousData,
  });
  const set = (patch: Partial<SiteOrderQuery>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const exportCsv = useAction({
    call: () => exportSiteOrders(scoped),
    onSuccess: (file) => {
      saveCsvExport(file);
      if (file.truncated) message.warning(`已导出最新的 ${file.count} 笔订单，更早的订单请缩小时间范围后分批导出`);
      else message.success(`已导出 ${file.count} 笔订单`);
    },
  });

  return (
    <PageFrame title="分站订单" description={meta?.description}>
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          {userId && (
            <Tag
              closable
              color="blue"
              onClose={() => {
                setParams({});
                setPage(1);
              }}
            >
              客户：{buyerName || userId}
            </Tag>
          )}
          <Select
            allowClear
            placeholder="全部状态"
            style={{ width: 130 }}
            value={filters.status}
            options={ORDER_STATUSES.map((s) => ({ value: s, label: OrderStatusLabels[s] }))}
            onChange={(v?: OrderStatus) => set({ status: v })}
            aria-label="订单状态"
          />
          <DatePicker.RangePicker
            value={range}
            onChange={(v) => {
              setRange(v);
              set({ from: v?.[0]?.startOf('day').valueOf(), to: v?.[1]?.endOf('day').valueOf() });
            }}
          />
          <Input.Search
            allowClear
            placeholder="订单号或商品名称"
            style={{ width: 240 }}
            enterButton="搜索"
            onSearch={(v) => set({ keyword: v.trim() || undefined })}
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
        <Table<SiteOrderRow>
          rowKey="orderNo"
          loading={orders.isFetching}
          dataSource={orders.data?.list ?? []}
          scroll={isMobile ? undefined : { x: 'max-content' }}
          size={isMobile ? 'small' : 'middle'}
          pagination={{
            current: page,
            pageSize,
            total: orders.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (t) => `共 ${t} 笔订单`,
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
                <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen(v)}>
                  {v}
                </Button>
              ),
            },
            {
              title: '商品',
              dataIndex: 'goodsName',
              render: (v: string, r) => (r.quantity > 1 ? `${v} × ${r.quantity}` : v),
            },
            { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => formatYuan(v) },
            {
              title: '买家',
              dataIndex: 'buyer',
              render: (v: string, r) => (
                <span>
                  {v || '—'}
                  {r.buyerKind === 'visitor' && <Tag style={{ marginLeft: 4 }}>游客</Tag>}
                </span>
              ),
            },
            {
              title: '状态',
              dataIndex: 'status',
              render: (v: OrderStatus, r) => <OrderStatusTag status={v} text={r.statusText} />,
            },
            {
              title: '我的利润',
              dataIndex: 'myProfit',
              align: 'right',
              render: (v: number, r) => (
                <Space size={4}>
                  <span style={{ color: v > 0 ? '#389e0d' : undefined }}>{formatYuan(v)}</span>
                  <ShareStatusTag status={r.myShareStatus} />
                </Space>
              ),
            },
            { title: '下单时间', dataIndex: 'createdAt' },
          ]}
        />
      </Card>
      <SiteOrderDrawer orderNo={open} onClose={() => setOpen(null)} />
    </PageFrame>
  );
}
