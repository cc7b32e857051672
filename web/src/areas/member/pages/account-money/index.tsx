import type { LedgerEntry } from '@kapu/contract';
import { useState } from 'react';
import { App, Button, Card, Col, DatePicker, Row, Select, Space, Statistic, Table, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Dayjs } from 'dayjs';
import { exportLedger, getLedger, type LedgerFilters } from '@/api/funds';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { saveCsvExport } from '@/app/csv';
import { PageFrame } from '@/components/page-frame';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { LEDGER_TYPE_OPTIONS, ledgerMatches } from '../../lib/ledger';
import { fundsKeys } from '@/api/keys';
import { useAction } from '@/hooks/use-action';

/** 资金明细：余额与每一笔账变，按类型、日期筛选，按筛选条件导出 CSV。 */
export default function AccountMoneyPage() {
  const meta = useRouteMeta();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<LedgerFilters>({});
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const ledger = useQuery({
    queryKey: fundsKeys.ledgerPage(filters, page, pageSize),
    queryFn: () => unwrap(getLedger(page, pageSize, filters)),
    placeholderData: keepPreviousData,
  });
  const { message } = App.useApp();
  // The filters are sent to the server; matching again here keeps the view right on a server that ignores them.
  const rows = (ledger.data?.list ?? []).filter((e) => ledgerMatches(e, filters));
  const set = (patch: LedgerFilters) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  // Every entry under the current filters, prepared by the server (newest first, capped).
  const exportCsv = useAction({
    call: () => exportLedger(filters),
    onSuccess: (file) => {
      saveCsvExport(file);
      if (file.truncated) message.warning(`已导出最新的 ${file.count} 条流水，更早的请缩小日期范围后分批导出`);
      else message.success(`已导出 ${file.count} 条流水`);
    },
  });
  return (
    <PageFrame title="资金明细" description={meta?.description}>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={24} md={12}>
          <Card>
            <Statistic
              title="当前余额"
              value={ledger.data ? formatYuan(ledger.data.balance) : '—'}
              loading={ledger.isLoading}
            />
            <Button type="primary" size="small" style={{ marginTop: 8 }} onClick={() => navigate('/pay/recharge')}>
              充值
            </Button>
          </Card>
        </Col>
      </Row>
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Select
            allowClear
            placeholder="全部类型"
            style={{ width: 160 }}
            options={LEDGER_TYPE_OPTIONS}
            value={filters.type}
            onChange={(v?: string) => set({ type: v })}
            aria-label="类型"
          />
          <DatePicker.RangePicker
            value={range}
            onChange={(v) => {
              setRange(v);
              set({ from: v?.[0]?.format('YYYY-MM-DD'), to: v?.[1]?.format('YYYY-MM-DD') });
            }}
          />
          <Button
            icon={<DownloadOutlined />}
            loading={exportCsv.isPending}
            disabled={!ledger.data?.total}
            onClick={() => exportCsv.run()}
          >
            导出 CSV
          </Button>
        </Space>
        <Table<LedgerEntry>
          rowKey="id"
          loading={ledger.isFetching}
          dataSource={rows}
          locale={{ emptyText: '暂无资金流水' }}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: page,
            pageSize,
            total: ledger.data?.total ?? 0,
            showSizeChanger: true,
            onChange: (p, s) => {
              setPage(p);
              setPageSize(s);
            },
          }}
          columns={[
            { title: '时间', dataIndex: 'createdAt', width: 180 },
            { title: '类型', dataIndex: 'typeText' },
            {
              title: '金额',
              dataIndex: 'amount',
              render: (v: number) => (
                <Typography.Text type={v < 0 ? 'danger' : 'success'}>
                  {v > 0 ? '+' : ''}
                  {formatYuan(v)}
                </Typography.Text>
              ),
            },
            { title: '余额', dataIndex: 'balanceAfter', render: (v: number) => formatYuan(v) },
            { title: '关联单号', dataIndex: 'refId', render: (v: string) => v || '—' },
            { title: '说明', dataIndex: 'memo' },
          ]}
        />
      </Card>
    </PageFrame>
  );
}
