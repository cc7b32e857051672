import { useState, type ReactNode } from 'react';
import { Empty, Select, Space, Table, Tag } from 'antd';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { Envelope } from '@/app/http/envelope';
import { unwrap } from '@/app/http/unwrap';
import { LoadFailed } from './load-failed';
import type { ColumnsType } from 'antd/es/table';
import {
  COMPLAINT_STATUSES,
  ComplaintStatusLabels,
  type ComplaintRow,
  type ComplaintStatus,
  type Paged,
} from '@kapu/contract';
import { useLayoutStore } from '@/app/stores/layout-store';
import { ComplaintStatusTag } from './complaint-thread';

/** The status filter of a complaint list (blank: all). */
export function ComplaintStatusFilter({
  value,
  onChange,
}: {
  value?: ComplaintStatus;
  onChange: (v?: ComplaintStatus) => void;
}) {
  return (
    <Select<ComplaintStatus>
      allowClear
      placeholder="全部状态"
      style={{ width: 160 }}
      value={value}
      onChange={onChange}
      options={COMPLAINT_STATUSES.map((s) => ({ value: s, label: ComplaintStatusLabels[s] }))}
    />
  );
}

/** A list's page and page size, and going back to the first page when a filter changes. */
export function usePaging(initialSize = 20) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialSize);
  return {
    page,
    pageSize,
    onPage: (p: number, size: number) => {
      setPage(p);
      setPageSize(size);
    },
    reset: () => setPage(1),
  };
}

interface ComplaintTableProps<T extends ComplaintRow> {
  data: Paged<T> | undefined;
  loading: boolean;
  paging: ReturnType<typeof usePaging>;
  /** Why the list is empty, in words for this reader. */
  empty: string;
  /** Columns between the state and the last change (who, money, deadline). */
  extraColumns?: ColumnsType<T>;
  /** The row's button(s). */
  action: (row: T) => ReactNode;
}

/** One table for every list of complaints (the buyer's, the seller's, the staff's). */
export function ComplaintTable<T extends ComplaintRow>(props: ComplaintTableProps<T>) {
  const isMobile = useLayoutStore((s) => s.isMobile);
  const columns: ColumnsType<T> = [
    { title: '编号', dataIndex: 'id', render: (v: number) => `#${v}` },
    {
      title: '订单',
      dataIndex: 'orderNo',
      render: (v: string, r) => (
        <div>
          <div>{r.goodsName}</div>
          <div style={{ fontSize: 12, color: '#888' }}>{v}</div>
        </div>
      ),
    },
    { title: '类型', dataIndex: 'typeText' },
    {
      title: '状态',
      dataIndex: 'status',
      render: (v: ComplaintStatus, r) => (
        <Space size={4} wrap>
          <ComplaintStatusTag status={v} text={r.statusText} />
          {r.overdue && <Tag color="red">卖家超时</Tag>}
          {r.outcomeText && <span>{r.outcomeText}</span>}
        </Space>
      ),
    },
    ...(props.extraColumns ?? []),
    { title: '更新时间', dataIndex: 'updatedAt' },
    { title: '操作', key: 'op', render: (_, r) => props.action(r) },
  ];
  return (
    <Table<T>
      rowKey="id"
      loading={props.loading}
      dataSource={props.data?.list ?? []}
      scroll={isMobile ? undefined : { x: 'max-content' }}
      size={isMobile ? 'small' : 'middle'}
      locale={{ emptyText: <Empty description={props.empty} /> }}
      pagination={{
        current: props.paging.page,
        pageSize: props.paging.pageSize,
        total: props.data?.total ?? 0,
        showSizeChanger: true,
        showTotal: (t) => `共 ${t} 条投诉`,
        onChange: props.paging.onPage,
      }}
      columns={columns}
    />
  );
}

interface StatusListProps<T extends ComplaintRow> extends Omit<
  ComplaintTableProps<T>,
  'data' | 'loading' | 'paging' | 'empty'
> {
  queryKey: (status: ComplaintStatus | undefined, page: number, pageSize: number) => QueryKey;
  load: (query: { status?: ComplaintStatus; page: number; pageSize: number }) => Promise<Envelope<Paged<T>>>;
  /** Why there is none at all (a filter that finds none says so itself). */
  empty: string;
}

/** A party's own complaints (the buyer's, the seller's): a status filter over the table. */
export function ComplaintStatusList<T extends ComplaintRow>({ queryKey, load, empty, ...table }: StatusListProps<T>) {
  const [status, setStatus] = useState<ComplaintStatus>();
  const paging = usePaging();
  const { page, pageSize } = paging;
  const list = useQuery({
    queryKey: queryKey(status, page, pageSize),
    queryFn: () => unwrap(load({ status, page, pageSize })),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <ComplaintStatusFilter
          value={status}
          onChange={(v) => {
            setStatus(v);
            paging.reset();
          }}
        />
      </Space>
      {list.isError ? (
        <LoadFailed title="投诉列表加载失败" onRetry={() => void list.refetch()} />
      ) : (
        <ComplaintTable<T>
          {...table}
          data={list.data}
          loading={list.isFetching}
          paging={paging}
          empty={status ? '没有该状态的投诉' : empty}
        />
      )}
    </>
  );
}
