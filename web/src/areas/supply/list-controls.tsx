import { DatePicker, Input } from 'antd';
import type { TablePaginationConfig } from 'antd';

/** A list query the supplier's pages keep in state: filters plus the page. */
interface Paging {
  page?: number;
  pageSize?: number;
}
type SetQuery<Q> = (update: (q: Q) => Q) => void;

/** 日期范围: the creation day range as epoch-ms bounds (whole local days); a change goes back to page 1. */
export function DayRangeFilter<Q extends Paging & { from?: number; to?: number }>({
  setQuery,
}: {
  setQuery: SetQuery<Q>;
}) {
  return (
    <DatePicker.RangePicker
      onChange={(range) =>
        setQuery((q) => ({
          ...q,
          from: range?.[0]?.startOf('day').valueOf(),
          to: range?.[1]?.endOf('day').valueOf(),
          page: 1,
        }))
      }
    />
  );
}

/** 订单号: an exact order number; blank clears it. */
export function OrderNoSearch<Q extends Paging & { orderNo?: string }>({ setQuery }: { setQuery: SetQuery<Q> }) {
  return (
    <Input.Search
      allowClear
      placeholder="订单号"
      enterButton="查询"
      style={{ width: 260 }}
      onSearch={(v) => setQuery((q) => ({ ...q, orderNo: v.trim() || undefined, page: 1 }))}
    />
  );
}

/** The table's pagination for a `Paged` answer: current page and size from the query, the total counted in `unit`. */
export function pagingOf<Q extends Paging>(
  query: Q,
  setQuery: SetQuery<Q>,
  total: number | undefined,
  unit: string,
): TablePaginationConfig {
  return {
    current: query.page,
    pageSize: query.pageSize,
    total: total ?? 0,
    showTotal: (t) => `共 ${t} ${unit}`,
    onChange: (page, pageSize) => setQuery((q) => ({ ...q, page, pageSize })),
  };
}
