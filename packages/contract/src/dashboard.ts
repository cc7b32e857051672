/**
 * The admin 控制台 answer. Money is in fen (integers), days are the local midnight in
 * milliseconds; the web formats both.
 */

/** Goods on sale with this many units left or fewer are listed as 库存预警. */
export const DASHBOARD_LOW_STOCK = 10;
/** Days shown in the trend chart. */
export const DASHBOARD_TREND_DAYS = 30;

export type DashboardPeriodKey = 'today' | 'week' | 'month';

export const DashboardPeriodLabels: Record<DashboardPeriodKey, string> = {
  today: '今日',
  week: '近 7 天',
  month: '近 30 天',
};

export interface DashboardPeriod {
  key: DashboardPeriodKey;
  /** Orders paid in the period. */
  orders: number;
  /** Money kept: paid minus refunded (fen). */
  sales: number;
  /** Cost of the goods in orders not refunded in full (fen). */
  cost: number;
  profit: number;
}

export interface DashboardOverview {
  periods: DashboardPeriod[];
  trend: { day: number; orders: number; sales: number; profit: number }[];
  topGoods: { goodsId: number; name: string; quantity: number; sales: number }[];
  lowStock: { goodsId: number; name: string; type: 'card' | 'recharge' | 'manual' | 'physical'; left: number }[];
  pending: { toDeliver: number; withdrawals: number; repeals: number; certify: number };
  memberCount: number;
  todayMemberCount: number;
  staffCount: number;
  activeSessions: number;
}
