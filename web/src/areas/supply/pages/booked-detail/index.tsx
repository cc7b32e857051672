import { useState } from 'react';
import { Card, Col, Row, Select, Space, Statistic, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  SETTLEMENT_STATUSES,
  SettlementStatusLabels,
  type SettlementDay,
  type SettlementRow,
  type SettlementStatus,
} from '@kapu/contract';
import { supplyKeys } from '@/api/keys';
import { getSettlementSummary, getSettlements, type SettlementQuery } from '@/api/supply';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { useLayoutStore } from '@/app/stores/layout-store';
import { PageFrame } from '@/components/page-frame';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { DayRangeFilter, OrderNoSearch, pagingOf } from '../../list-controls';

const COLORS: Record<SettlementStatus, string> = { frozen: 'processing', released: 'success', reversed: 'default' };
const yuan = (fen: number) => Number((fen / 100).toFixed(2));

/** 入账明细：每笔供货订单的结算（供货价 − 佣金），冻结期满自动入账；每日合计与我的余额。 */
export default function BookedDetailPage() {
  const meta = useRouteMeta();
  const isMobile = useLayoutStore((s) => s.isMobile);
  const [query, setQuery] = useState<SettlementQuery>({ page: 1, pageSize: 20 });
  const summary = useQuery({ queryKey: supplyKeys.summary, queryFn: () => unwrap(getSettlementSummary()) });
  const entries = useQuery({
    queryKey: supplyKeys.entryList(query),
    queryFn: () => unwrap(getSettlements(query)),
    placeholderData: keepPreviousData,
  });
  const days = (summary.data?.days ?? []).filter((d) => d.frozen || d.released || d.reversed);
  return (
    <PageFrame title="入账明细" description={meta?.description}>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {[
          { title: '可用余额', value: summary.data?.balance, color: '#1677ff' },
          { title: '冻结中', value: summary.data?.frozen, color: '#d48806' },
          { title: '已入账', value: summary.data?.released, color: '#389e0d' },
          { title: '已退回', value: summary.data?.reversed, color: '#8c8c8c' },
        ].map((s) => (
          <Col xs={12} md={6} key={s.title}>
            <Card loading={summary.isPending}>
              <Statistic
                title={s.title}
                prefix="¥"
                precision={2}
                value={yuan(s.value ?? 0)}
                valueStyle={{ color: s.color }}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Card title="近 30 天每日合计" style={{ marginBottom: 16 }}>
        <Table<SettlementDay>
          rowKey="day"
          size="small"
          loading={summary.isPending}
          dataSource={days}
          locale={{ emptyText: '近 30 天没有结算' }}
          pagination={false}
          columns={[
            { title: '日期', dataIndex: 'day' },
            { title: '冻结中', dataIndex: 'frozen', align: 'right', render: (v: number) => formatYuan(v) },
            { title: '已入账', dataIndex: 'released', align: 'right', render: (v: number) => formatYuan(v) },
            { title: '已退回', dataIndex: 'reversed', align: 'right', render: (v: number) => formatYuan(v) },
          ]}
        />
      </Card>
      <Card title="结算明细">
        <Space wrap style={{ marginBottom: 16 }}>
          <Select
            allowClear
            placeholder="结算状态"
            style={{ width: 130 }}
            options={SETTLEMENT_STATUSES.map((s) => ({ value: s, label: SettlementStatusLabels[s] }))}
            onChange={(status?: SettlementStatus) => setQuery((q) => ({ ...q, status, page: 1 }))}
          />
          <DayRangeFilter setQuery={setQuery} />
          <OrderNoSearch setQuery={setQuery} />
        </Space>
        <Table<SettlementRow>
          rowKey="id"
          loading={entries.isFetching}
          dataSource={entries.data?.list ?? []}
          locale={{
            emptyText:
              query.status || query.orderNo || query.from
                ? '没有符合条件的结算'
                : '还没有结算：你的商品发货后，每笔订单会在这里产生一条结算',
          }}
          scroll={isMobile ? undefined : { x: 'max-content' }}
          size={isMobile ? 'small' : 'middle'}
          pagination={pagingOf(query, setQuery, entries.data?.total, '笔')}
          columns={[
            { title: '订单号', dataIndex: 'orderNo' },
            { title: '商品', dataIndex: 'goodsName', render: (v: string, e) => `${v} × ${e.quantity}` },
            { title: '供货额', dataIndex: 'cost', align: 'right', render: (v: number) => formatYuan(v) },
            {
              title: '佣金',
              dataIndex: 'commission',
              align: 'right',
              render: (v: number, e) => `${formatYuan(v)}（${e.commissionBp / 100}%）`,
            },
            { title: '结算金额', dataIndex: 'amount', align: 'right', render: (v: number) => <b>{formatYuan(v)}</b> },
            {
              title: '已退回',
              dataIndex: 'reversed',
              align: 'right',
              render: (v: number) => (v ? formatYuan(v) : '—'),
            },
            {
              title: '状态',
              dataIndex: 'statusText',
              render: (v: string, e) => <Tag color={e.held ? 'error' : COLORS[e.status]}>{v}</Tag>,
            },
            {
              title: '解冻时间',
              dataIndex: 'dueAt',
              render: (v: string, e) =>
                e.status === 'released' ? (
                  <Typography.Text type="secondary">已于 {e.releasedAt} 入账</Typography.Text>
                ) : e.status === 'reversed' ? (
                  '—'
                ) : (
                  v
                ),
            },
            { title: '发货时间', dataIndex: 'createdAt' },
          ]}
        />
      </Card>
    </PageFrame>
  );
}
